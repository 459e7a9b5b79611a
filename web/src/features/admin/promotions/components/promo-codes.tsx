import type { PromoCodeRow, PromoUseRow } from '@contract/admin-wire';
import { promoCodeBody, promoCodeEditBody } from '@contract/promotions';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { dateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { saveFile } from '../../kit/save-file';
import { numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { EditableList } from '../../kit/components/edit-list';
import { SelectField, Switch } from '../../kit/components/edit-fields';
import { useEditForm } from '../../kit/components/use-edit-form';
import { fetchPromoUsesCsv, usePromoUses } from '../api/get-promo-uses';
import { type PromoCodeEditInput, type PromoCodeInput, useEditPromoCode, useSavePromoCode } from '../api/save-promo-code';
import { useSetPromoCodeActive } from '../api/set-promo-code-active';
import { ErrorState, Loading } from '../../kit/components/list-states';

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** What a code takes off, in a word: "10 %" (up to ৳50) or "৳20". */
const offer = (code: PromoCodeRow) =>
  code.kind === 'percent' ? `${code.value} %${code.max_discount === null ? '' : ` up to ${taka(code.max_discount)}`}` : taka(code.value);

const columns: Column<PromoCodeRow>[] = [
  { header: 'Code', lead: true, cell: (code) => <span className="mono">{code.code}</span> },
  { header: 'Takes off', cell: offer },
  {
    header: 'Uses',
    cell: (code) =>
      `${code.uses}${code.max_uses === null ? '' : ` of ${code.max_uses}`} · ${code.per_person} per person${code.first_order_only ? ' · first order only' : ''}`,
  },
  { header: 'Discount given', cell: (code) => taka(code.discount_total) },
  { header: 'Revenue', cell: (code) => taka(code.revenue) },
  {
    header: 'Runs',
    cell: (code) =>
      code.starts_at || code.ends_at
        ? `${code.starts_at ? dateTime(code.starts_at) : 'now'} – ${code.ends_at ? dateTime(code.ends_at) : 'no end'}`
        : 'Always',
  },
  { header: 'Shown', cell: (code) => [code.public ? 'Public' : 'Private', code.active ? '' : 'paused'].filter(Boolean).join(', ') },
];

/** A giveaway batch as the list shows it: its single-use codes as one row. */
interface BatchRow {
  batch: string;
  codes: PromoCodeRow[];
}

const batchesOf = (codes: PromoCodeRow[]): BatchRow[] => {
  const byBatch = new Map<string, PromoCodeRow[]>();
  for (const code of codes) byBatch.set(code.batch!, [...(byBatch.get(code.batch!) ?? []), code]);
  return [...byBatch].map(([batch, rows]) => ({ batch, codes: rows }));
};

/** A batch's codes as CSV (built here from the list: each code and whether it was used), to hand out. */
const batchCsv = (codes: { code: string; uses?: number }[]) =>
  new Blob([`\uFEFFcode,used\r\n${codes.map((code) => `${code.code},${code.uses ?? 0}`).join('\r\n')}\r\n`], {
    type: 'text/csv;charset=utf-8',
  });

const batchColumns: Column<BatchRow>[] = [
  { header: 'Batch', lead: true, cell: (row) => <span className="mono">{row.batch}</span> },
  { header: 'Takes off', cell: (row) => offer(row.codes[0]!) },
  { header: 'Used', cell: (row) => `${row.codes.filter((code) => code.uses > 0).length} of ${row.codes.length}` },
  { header: 'Discount given', cell: (row) => taka(row.codes.reduce((sum, code) => sum + code.discount_total, 0)) },
  {
    header: 'Codes',
    cell: (row) => (
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => saveFile({ blob: batchCsv(row.codes), filename: `promo-batch-${row.batch}.csv` })}
      >
        Download CSV
      </button>
    ),
  },
];

/** The promo codes with what each did so far, each with Uses and Pause (or Resume), and New promo code. */
export function PromoCodeList({ codes }: { codes: PromoCodeRow[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PromoCodeRow>();
  const [showingUses, setShowingUses] = useState<string>();
  const { trigger: setActive } = useSetPromoCodeActive();
  const { busy, run } = useAction('The promo code could not be changed');
  const withActions: Column<PromoCodeRow>[] = [
    ...columns,
    {
      header: 'Actions',
      cell: (code) => (
        <div className="button-row">
          <button type="button" className="button button-ghost button-small" onClick={() => setShowingUses(code.code)}>
            Uses
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => setEditing(code)}>
            Edit
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={busy}
            onClick={() => void run(async () => toast.success(await setActive({ code: code.code, active: !code.active })))}
          >
            {code.active ? 'Pause' : 'Resume'}
          </button>
        </div>
      ),
    },
  ];
  const singles = codes.filter((code) => code.batch === null);
  const batches = batchesOf(codes.filter((code) => code.batch !== null));
  return (
    <>
      <EditableList addLabel="New promo code" onAdd={() => setAdding(true)} isEmpty={codes.length === 0} empty="No promo codes yet.">
        <AdminTable
          rows={singles}
          columns={withActions}
          rowKey={(code) => code.code}
          rowAttributes={(code) => ({ 'data-code': code.code })}
        />
        {batches.length > 0 && (
          <>
            <h3>Giveaway batches</h3>
            <AdminTable
              rows={batches}
              columns={batchColumns}
              rowKey={(batch) => batch.batch}
              rowAttributes={(batch) => ({ 'data-batch': batch.batch })}
            />
          </>
        )}
      </EditableList>
      {adding && <PromoCodeDialog onClose={() => setAdding(false)} />}
      {editing && <PromoCodeDialog editing={editing} onClose={() => setEditing(undefined)} />}
      {showingUses && <UsesDialog code={showingUses} onClose={() => setShowingUses(undefined)} />}
    </>
  );
}

const useWords: Record<PromoUseRow['status'], string> = {
  held: 'Held (payment waiting)',
  paid: 'Paid',
  released: 'Given back (payment not made)',
  returned: 'Given back (refunded)',
};

const useColumns: Column<PromoUseRow>[] = [
  { header: 'Order', lead: true, cell: (use) => <span className="mono">{use.order_id}</span> },
  { header: 'Customer', cell: (use) => <span className="mono">{use.user_id}</span> },
  { header: 'Status', cell: (use) => useWords[use.status] },
  { header: 'Discount', cell: (use) => taka(use.discount) },
  { header: 'Paid', cell: (use) => taka(use.total) },
  { header: 'When', cell: (use) => dateTime(use.at) },
];

/** A code's uses: who, which order, what it took off and where it stands, newest first; and the same as CSV. */
function UsesDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { data, error, mutate } = usePromoUses(code);
  const { busy, run } = useAction('The CSV could not be downloaded');
  return (
    <Modal title={`Uses of ${code}`} onClose={onClose}>
      {data ? (
        data.items.length === 0 ? (
          <p className="muted">No uses yet.</p>
        ) : (
          <AdminTable
            rows={data.items}
            columns={useColumns}
            rowKey={(use) => use.order_id}
            rowAttributes={(use) => ({ 'data-use': use.order_id })}
          />
        )
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the uses" />
      ) : (
        <Loading label="Loading the uses" />
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => void run(async () => saveFile(await fetchPromoUsesCsv(code)))}
        >
          Download CSV
        </button>
      </div>
    </Modal>
  );
}

const initial = {
  code: '',
  kind: 'percent',
  value: '',
  max_discount: '',
  min_total: '',
  starts_at: '',
  ends_at: '',
  max_uses: '',
  per_person: '1',
  game_ids: '',
  plan_ids: '',
  voucher_ids: '',
  description: '',
  public: false,
  first_order_only: false,
  refund_returns_use: false,
  below_cost: false,
  count: '',
};
type Values = typeof initial;

/** An instant as the form's Dhaka-time field shows it (`YYYY-MM-DDTHH:mm`); empty for none. */
const dhakaField = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 6 * 3_600_000).toISOString().slice(0, 16) : '');

/** The Edit form's values: the code as it stands. */
const valuesOf = (code: PromoCodeRow): Values => ({
  ...initial,
  code: code.code,
  kind: code.kind,
  value: String(code.value),
  max_discount: code.max_discount?.toString() ?? '',
  min_total: code.min_total?.toString() ?? '',
  starts_at: dhakaField(code.starts_at),
  ends_at: dhakaField(code.ends_at),
  max_uses: code.max_uses?.toString() ?? '',
  per_person: String(code.per_person),
  game_ids: code.game_ids,
  plan_ids: code.plan_ids,
  voucher_ids: code.voucher_ids,
  description: code.description,
  public: code.public === 1,
  first_order_only: code.first_order_only === 1,
  refund_returns_use: code.refund_returns_use === 1,
  below_cost: code.below_cost === 1,
});

/** The terms as the endpoints take them (the edit sends them all); times as typed (Dhaka time, which the server reads them as). */
const termsInput = (values: Values): PromoCodeEditInput => ({
  max_discount: numberField(values.max_discount),
  min_total: numberField(values.min_total),
  starts_at: values.starts_at || undefined,
  ends_at: values.ends_at || undefined,
  per_person: numberField(values.per_person),
  game_ids: values.game_ids.trim() || undefined,
  plan_ids: values.plan_ids.trim() || undefined,
  voucher_ids: values.voucher_ids.trim() || undefined,
  description: values.description.trim() || undefined,
  public: values.public ? '1' : '0',
  first_order_only: values.first_order_only ? '1' : '0',
  refund_returns_use: values.refund_returns_use ? '1' : '0',
  below_cost: values.below_cost ? '1' : '0',
});

/** A new code's request: its name, kind, value and uses in all, and its terms. */
const input = (values: Values): PromoCodeInput => ({
  code: values.code.trim(),
  kind: values.kind as PromoCodeInput['kind'],
  value: numberField(values.value) ?? '',
  max_uses: numberField(values.max_uses),
  count: numberField(values.count),
  ...termsInput(values),
});

/** New promo code, or Edit of one (`editing`): its name, kind, value and uses in all stay as made. */
function PromoCodeDialog({ editing, onClose }: { editing?: PromoCodeRow; onClose: () => void }) {
  const { trigger: create } = useSavePromoCode();
  const { trigger: change } = useEditPromoCode();
  const form = useEditForm(
    editing ? valuesOf(editing) : initial,
    (values) => (editing ? schemaProblems(promoCodeEditBody, termsInput(values)) : schemaProblems(promoCodeBody, input(values))),
    'The promo code could not be saved',
  );
  const save = form.submit(async (values) => {
    if (editing) {
      toast.success(await change({ code: editing.code, terms: termsInput(values) }));
      onClose();
      return;
    }
    const { created, message } = await create(input(values));
    // A batch's codes are handed out from a file: it downloads at once.
    if ('codes' in created)
      saveFile({ blob: batchCsv(created.codes.map((code) => ({ code }))), filename: `promo-batch-${created.batch}.csv` });
    toast.success(message);
    onClose();
  });
  return (
    <Modal title={editing ? `Edit ${editing.code}` : 'New promo code'} onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        {editing ? (
          <p className="muted">
            Takes off {offer(editing)}
            {editing.max_uses === null ? '' : `, ${editing.max_uses} uses in all`}: these stay as the code was made.
          </p>
        ) : (
          <>
            <FormField label="How many single-use codes (a giveaway batch, optional)" inputMode="numeric" {...form.field('count')} />
            <FormField
              label={form.values.count.trim() ? 'Prefix of every code (3–12 letters and digits)' : 'Code (3–20 letters and digits)'}
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              {...form.field('code')}
            />
            <SelectField label="Kind" {...form.field('kind')}>
              <option value="percent">Percent of the order</option>
              <option value="fixed">Fixed taka</option>
            </SelectField>
            <FormField
              label={form.values.kind === 'percent' ? 'Percent (1–100)' : 'Taka off'}
              inputMode="numeric"
              {...form.field('value')}
            />
            <FormField label="Uses in all (optional)" inputMode="numeric" {...form.field('max_uses')} />
          </>
        )}
        <FormField label="Largest discount, ৳ (optional)" inputMode="numeric" {...form.field('max_discount')} />
        <FormField label="Smallest order, ৳ (optional)" inputMode="numeric" {...form.field('min_total')} />
        <FormField label="Starts (Dhaka time, optional)" type="datetime-local" {...form.field('starts_at')} />
        <FormField label="Ends (Dhaka time, optional)" type="datetime-local" {...form.field('ends_at')} />
        <FormField label="Uses per person" inputMode="numeric" {...form.field('per_person')} />
        <FormField label="Only these games (ids, comma-separated)" autoComplete="off" {...form.field('game_ids')} />
        <FormField label="Only these plans (ids)" autoComplete="off" {...form.field('plan_ids')} />
        <FormField label="Only these vouchers (ids)" autoComplete="off" {...form.field('voucher_ids')} />
        <FormField label="Description (shown with a public code)" maxLength={200} {...form.field('description')} />
        <Switch label="Public: listed in the site data" checked={form.values.public} onChange={(on) => form.setValue('public', on)} />
        <Switch
          label="First order only: the buyer verified their mobile number and never bought before"
          checked={form.values.first_order_only}
          onChange={(on) => form.setValue('first_order_only', on)}
        />
        <Switch
          label="A refund gives the use back"
          checked={form.values.refund_returns_use}
          onChange={(on) => form.setValue('refund_returns_use', on)}
        />
        <Switch
          label="Sell below cost: the code may take a plan to or below what it costs us"
          checked={form.values.below_cost}
          onChange={(on) => form.setValue('below_cost', on)}
          error={form.errors.below_cost}
        />
        <DialogButtons busy={form.busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
