import type { RiskSettingsRow } from '@contract/admin-wire';
import { riskSettingsBody } from '@contract/admin-operations';
import { FormField } from '../../../../components/form-field';
import { toast } from '../../../../lib/toast';
import { schemaProblems } from '../../kit/schema-problems';
import { useEditForm } from '../../kit/components/use-edit-form';
import { type RiskSettingsInput, useSaveRiskSettings } from '../api/change-risk-settings';

const input = (values: {
  young_account_days: string;
  first_order_hold_amount: string;
  review_within_minutes: string;
}): RiskSettingsInput => ({
  young_account_days: values.young_account_days.trim(),
  first_order_hold_amount: values.first_order_hold_amount.trim(),
  review_within_minutes: values.review_within_minutes.trim(),
});

/** The default rule's two numbers (a young account's first large order is held) and the minutes a check is promised within. */
export function RiskSettingsForm({ settings }: { settings: RiskSettingsRow }) {
  const { trigger } = useSaveRiskSettings();
  const initial = {
    young_account_days: String(settings.young_account_days),
    first_order_hold_amount: String(settings.first_order_hold_amount),
    review_within_minutes: String(settings.review_within_minutes),
  };
  const form = useEditForm(initial, (values) => schemaProblems(riskSettingsBody, input(values)), 'The risk settings could not be saved');
  const save = form.submit(async (values) => {
    toast.success(await trigger(input(values)));
  });
  return (
    <section className="settings-card" aria-labelledby="risk-settings-title">
      <h2 id="risk-settings-title" className="admin-subtitle">
        First orders and checks
      </h2>
      <form onSubmit={save} noValidate>
        <FormField label="A young account is younger than (days)" inputMode="numeric" {...form.field('young_account_days')} />
        <FormField
          label="Hold a young account's first order from (৳; 0: never)"
          inputMode="numeric"
          {...form.field('first_order_hold_amount')}
        />
        <FormField
          label="Promise the shopper a check within (minutes)"
          inputMode="numeric"
          hint="Shown to the shopper; the operators are alerted again once a hold waits longer."
          {...form.field('review_within_minutes')}
        />
        <button type="submit" className="button button-primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save'}
        </button>
      </form>
    </section>
  );
}
