import { supplierRateBody } from '@contract/admin-operations';
import type { AdminSupplier } from '@contract/admin-wire';
import { useState } from 'react';
import { CopyButton } from '../../../../components/copy-button';
import { FormField } from '../../../../components/form-field';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { TimeAgo } from '../../kit/components/admin-table';
import { schemaProblems } from '../../kit/schema-problems';
import { useSaveSupplierRate } from '../api/save-supplier-rate';

/** An amount of a supplier's own currency, grouped in thousands as its statements write it (not in lakhs). */
const foreignAmount = (amount: number) => amount.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * One supplier: its balance in its own currency and in taka at the rate set (as the delivery job
 * last read it), the outbound address to whitelist with it, and the exchange rate an operator sets.
 * A supplier that demands a fixed address on a stage without one, or a foreign currency without a
 * rate, says why its plans stay manual.
 */
export function SupplierCard({ supplier }: { supplier: AdminSupplier }) {
  const foreign = supplier.currency !== 'BDT';
  const unusable =
    supplier.needs_fixed_address && !supplier.egress_address && supplier.checked_at
      ? 'This stage has no fixed outbound address, which this supplier demands: its plans stay in the manual queue.'
      : foreign && !supplier.rate
        ? `No exchange rate for ${supplier.currency} is set: its plans stay in the manual queue until one is.`
        : '';
  return (
    <li
      className={unusable || supplier.error ? 'supplier-card attention attention-wait' : 'supplier-card attention'}
      data-supplier={supplier.name}
    >
      <div className="supplier-head">
        <strong>{supplier.name}</strong> <span className="badge badge-muted">{supplier.currency}</span>
      </div>
      <p>
        {supplier.balance === null ? (
          <strong>Balance unknown</strong>
        ) : (
          <>
            Balance{' '}
            <span className="amount">{foreign ? `${supplier.currency} ${foreignAmount(supplier.balance)}` : taka(supplier.balance)}</span>
            {foreign && supplier.balance_taka !== null && (
              <small className="muted block">≈ {taka(supplier.balance_taka)} at the rate set</small>
            )}
          </>
        )}
        {supplier.checked_at && (
          <small className="muted block">
            Read <TimeAgo iso={supplier.checked_at} />
          </small>
        )}
      </p>
      {supplier.error && <p className="notice notice-warn wrap">{supplier.error}</p>}
      {unusable && <p className="notice notice-warn">{unusable}</p>}
      {supplier.egress_address && (
        <p className="wrap">
          Calls leave from <span className="mono">{supplier.egress_address}</span>{' '}
          <CopyButton text={supplier.egress_address} label={`Copy the address ${supplier.egress_address}`} />
          <small className="muted block">Whitelist it in the supplier's connection settings.</small>
        </p>
      )}
      {foreign && <RateForm supplier={supplier} />}
    </li>
  );
}

function RateForm({ supplier }: { supplier: AdminSupplier }) {
  const [rate, setRate] = useState(supplier.rate);
  const [tried, setTried] = useState(false);
  const { trigger } = useSaveSupplierRate();
  const { busy, run } = useAction('The exchange rate could not be saved');
  const error = schemaProblems(supplierRateBody, { rate: rate.trim() }).rate;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    void run(async () => toast.success(await trigger({ supplier: supplier.name, rate: rate.trim() })));
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <FormField
        label={`${supplier.currency} one taka buys`}
        name={`rate-${supplier.name}`}
        inputMode="decimal"
        value={rate}
        error={tried ? error : undefined}
        onChange={(event) => setRate(event.target.value)}
      />
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        {busy ? 'Saving…' : 'Save rate'}
      </button>
    </form>
  );
}
