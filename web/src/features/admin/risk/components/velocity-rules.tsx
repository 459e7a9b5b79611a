import type { VelocityRuleRow } from '@contract/admin-wire';
import { velocityRuleBody } from '@contract/admin-operations';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { toast } from '../../../../lib/toast';
import { ConfirmDialog } from '../../kit/components/confirm-dialog';
import { SelectField, Switch } from '../../kit/components/edit-fields';
import { useEditForm } from '../../kit/components/use-edit-form';
import { schemaProblems } from '../../kit/schema-problems';
import { type VelocityRuleInput, useAddVelocityRule, useRemoveVelocityRule } from '../api/change-risk-settings';

const keyWords: Record<VelocityRuleRow['key'], string> = {
  account: 'Account',
  player: 'Player ID',
  mobile: 'Mobile number',
  device: 'Device',
  address: 'Network address',
};

const actionWords: Record<VelocityRuleRow['action'], string> = { refuse: 'Refuse', hold: 'Hold for review' };

/** The velocity rules, each in operator words with what it does and a Remove (confirmed). */
export function VelocityRules({ rules }: { rules: VelocityRuleRow[] }) {
  const [removing, setRemoving] = useState<VelocityRuleRow>();
  const { trigger } = useRemoveVelocityRule();
  if (rules.length === 0) return <p className="empty-state">No velocity rule: only the first-order rule holds orders.</p>;
  return (
    <>
      <ul className="rule-list">
        {rules.map((rule) => (
          <li key={rule.id} data-rule-id={rule.id}>
            <span>
              <span className={rule.action === 'refuse' ? 'badge badge-danger' : 'badge badge-info'}>{actionWords[rule.action]}</span>{' '}
              {rule.text}
            </span>
            <button type="button" className="button button-ghost button-small" onClick={() => setRemoving(rule)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          title="Remove rule"
          confirmLabel="Remove"
          busyLabel="Removing…"
          onConfirm={() => trigger({ id: removing.id })}
          onClose={() => setRemoving(undefined)}
        >
          <p>
            {actionWords[removing.action]}: {removing.text}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

const initial = { key: 'account', window: 'day', max_count: '', max_amount: '', action: 'hold', young_only: false };

/** The form's values as the endpoint's schema takes them; an empty limit is absent (no such limit). */
export const ruleInput = (values: typeof initial): VelocityRuleInput => ({
  key: values.key as VelocityRuleInput['key'],
  window: values.window as VelocityRuleInput['window'],
  max_count: values.max_count.trim() || undefined,
  max_amount: values.max_amount.trim() || undefined,
  action: values.action as VelocityRuleInput['action'],
  young_only: values.young_only ? '1' : '0',
});

/** Adds a velocity rule: per identity and window, at most so many checkouts or taka; past it, refuse or hold. */
export function AddRuleForm() {
  const { trigger } = useAddVelocityRule();
  const form = useEditForm(initial, (values) => schemaProblems(velocityRuleBody, ruleInput(values)), 'The rule could not be added');
  const save = form.submit(async (values) => {
    toast.success(await trigger(ruleInput(values)));
    form.setValues(initial);
  });
  return (
    <form className="settings-card" onSubmit={save} noValidate aria-labelledby="add-rule-title">
      <h3 id="add-rule-title" className="admin-subtitle">
        Add a rule
      </h3>
      <div className="form-row">
        <SelectField label="Count by" {...form.field('key')}>
          {Object.entries(keyWords).map(([key, words]) => (
            <option key={key} value={key}>
              {words}
            </option>
          ))}
        </SelectField>
        <SelectField label="In" {...form.field('window')}>
          <option value="hour">an hour</option>
          <option value="day">a day (Dhaka)</option>
        </SelectField>
      </div>
      <div className="form-row">
        <FormField label="At most (checkouts)" inputMode="numeric" {...form.field('max_count')} />
        <FormField label="At most (৳)" inputMode="numeric" {...form.field('max_amount')} />
      </div>
      {form.errors.body && (
        <p className="field-error" role="alert">
          {form.errors.body}
        </p>
      )}
      <SelectField label="Past the limit" {...form.field('action')}>
        {Object.entries(actionWords).map(([action, words]) => (
          <option key={action} value={action}>
            {words}
          </option>
        ))}
      </SelectField>
      <div className="form-field">
        <Switch
          label="Young accounts only"
          checked={form.values.young_only}
          disabled={form.busy}
          onChange={(on) => form.setValue('young_only', on)}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={form.busy}>
        {form.busy ? 'Adding…' : 'Add rule'}
      </button>
    </form>
  );
}
