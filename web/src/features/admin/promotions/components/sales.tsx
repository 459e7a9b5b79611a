import type { SaleRow } from '@contract/admin-wire';
import { saleBody } from '@contract/promotions';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { dateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { numberField } from '../../kit/edit-rules';
import { schemaProblems } from '../../kit/schema-problems';
import { AdminTable, type Column } from '../../kit/components/admin-table';
import { DialogButtons } from '../../kit/components/dialog-buttons';
import { EditableList } from '../../kit/components/edit-list';
import { SelectField, Switch } from '../../kit/components/edit-fields';
import { useEditForm } from '../../kit/components/use-edit-form';
import { useEndSale } from '../api/end-sale';
import { type SaleInput, useSaveSale } from '../api/save-sale';

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** A plan or a voucher the console may put on sale, named as an operator knows it (`key`: `plan:<id>` or `voucher:<id>`). */
export interface SaleItem {
  key: string;
  label: string;
  price: number;
  /** A supplier plan's recorded cost. */
  cost?: number;
}

/** The key of what a sale is on, as `SaleItem` names it. */
const itemKeyOf = (sale: SaleRow) => (sale.plan_id ? `plan:${sale.plan_id}` : `voucher:${sale.voucher_id}`);

/** Whether a sale runs now, is still to come, or ended. */
const stateOf = (sale: SaleRow, now: number) =>
  !sale.active || now >= Date.parse(sale.ends_at) ? 'Ended' : now < Date.parse(sale.starts_at) ? 'Scheduled' : 'Running';

/** The flash sales with what each sold so far, and New sale. */
export function SaleList({ sales, items }: { sales: SaleRow[]; items: SaleItem[] }) {
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<SaleRow>();
  const itemName = new Map(items.map((each) => [each.key, each.label]));
  const nameOf = (sale: SaleRow) => itemName.get(itemKeyOf(sale)) ?? itemKeyOf(sale);
  const now = Date.now();
  const columns: Column<SaleRow>[] = [
    { header: 'On', lead: true, cell: nameOf },
    { header: 'Sale price', cell: (sale) => taka(sale.price) },
    { header: 'Runs', cell: (sale) => `${dateTime(sale.starts_at)} – ${dateTime(sale.ends_at)} · ${stateOf(sale, now)}` },
    {
      header: 'Sold',
      cell: (sale) =>
        `${sale.sold}${sale.quantity === null ? '' : ` of ${sale.quantity}`}${sale.per_person === null ? '' : ` · ${sale.per_person} per person`}`,
    },
    { header: 'Taken off', cell: (sale) => taka(sale.discount_total) },
    { header: 'Revenue', cell: (sale) => taka(sale.revenue) },
    {
      header: 'Actions',
      cell: (sale) =>
        stateOf(sale, now) === 'Ended' ? null : (
          <button type="button" className="button button-ghost button-small" onClick={() => setEnding(sale)}>
            End now
          </button>
        ),
    },
  ];
  return (
    <>
      <EditableList addLabel="New sale" onAdd={() => setAdding(true)} isEmpty={sales.length === 0} empty="No flash sales yet.">
        <AdminTable
          rows={sales}
          columns={columns}
          rowKey={(sale) => sale.sale_id}
          rowAttributes={(sale) => ({ 'data-sale': sale.sale_id })}
        />
      </EditableList>
      {adding && <SaleDialog items={items} onClose={() => setAdding(false)} />}
      {ending && <EndSaleDialog sale={ending} name={nameOf(ending)} onClose={() => setEnding(undefined)} />}
    </>
  );
}

const initial = { item: '', price: '', starts_at: '', ends_at: '', quantity: '', per_person: '', below_cost: false };
type Values = typeof initial;

/** The form's values as the endpoint takes them; times as typed (Dhaka time, which the server reads them as). */
const input = (values: Values): SaleInput => ({
  plan_id: values.item.startsWith('plan:') ? values.item.slice('plan:'.length) : undefined,
  voucher_id: values.item.startsWith('voucher:') ? values.item.slice('voucher:'.length) : undefined,
  price: numberField(values.price) ?? '',
  starts_at: values.starts_at,
  ends_at: values.ends_at,
  quantity: numberField(values.quantity),
  per_person: numberField(values.per_person),
  below_cost: values.below_cost ? '1' : '0',
});

function SaleDialog({ items, onClose }: { items: SaleItem[]; onClose: () => void }) {
  const { trigger } = useSaveSale();
  const form = useEditForm(initial, (values) => schemaProblems(saleBody, input(values)), 'The sale could not be saved');
  const chosen = items.find((each) => each.key === form.values.item);
  const save = form.submit(async (values) => {
    const { message } = await trigger(input(values));
    toast.success(message);
    onClose();
  });
  return (
    <Modal title="New sale" onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={save} noValidate>
        <SelectField label="On" {...form.field('item')} error={form.errors.plan_id}>
          <option value="">Choose a plan or a voucher</option>
          {items.map((each) => (
            <option key={each.key} value={each.key}>
              {each.label}
            </option>
          ))}
        </SelectField>
        <FormField
          label={
            chosen ? `Sale price, ৳ (list price ${taka(chosen.price)}${chosen.cost ? `, cost ${taka(chosen.cost)}` : ''})` : 'Sale price, ৳'
          }
          inputMode="numeric"
          {...form.field('price')}
        />
        <FormField label="Starts (Dhaka time)" type="datetime-local" step={1} {...form.field('starts_at')} />
        <FormField
          label="Ends (Dhaka time): the first second at the list price"
          type="datetime-local"
          step={1}
          {...form.field('ends_at')}
        />
        <FormField label="Units at the sale price (optional)" inputMode="numeric" {...form.field('quantity')} />
        <FormField label="Units per person (optional)" inputMode="numeric" {...form.field('per_person')} />
        <Switch
          label="Sell below cost: I mean to sell at a loss"
          checked={form.values.below_cost}
          onChange={(on) => form.setValue('below_cost', on)}
          error={form.errors.below_cost}
        />
        <DialogButtons busy={form.busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Ending a sale asks first: from that second the plan sells at its list price, and it cannot be undone. */
function EndSaleDialog({ sale, name, onClose }: { sale: SaleRow; name: string; onClose: () => void }) {
  const { trigger: endSale } = useEndSale();
  const { busy, run } = useAction('The sale could not be ended');
  const end = () =>
    void run(async () => {
      toast.success(await endSale(sale.sale_id));
      onClose();
    });
  return (
    <Modal title="End this sale now?" onClose={busy ? () => undefined : onClose}>
      <p>
        {name} sells at its list price from this second; the sale cannot be started again ({sale.sold} sold at {taka(sale.price)}).
      </p>
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button type="button" className="button button-danger" onClick={end} disabled={busy}>
          End now
        </button>
      </div>
    </Modal>
  );
}
