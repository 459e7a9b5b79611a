import { useState } from 'react';
import { toast } from 'react-toastify';
import { FormField } from '../../../components/form-field';
import { payInNewWindow } from '../../../lib/payment-window';
import { useAction } from '../../../lib/use-action';
import { usePaymentChannels } from '../api/get-payment-channels';
import { useStartTopUp } from '../api/start-top-up';

/** The amount's problem, if any (spec §5). */
function amountError(value: string): string | undefined {
  if (!value.trim()) return 'Required Field';
  if (!/^\d+$/.test(value.trim())) return 'Only Numbers are allowed';
  if (Number(value) < 1) return 'Enter at least ৳1';
  return undefined;
}

/** Add money: an amount, a payment channel, then the gateway's page in a new window. */
export function AddMoneyForm() {
  const { data: channels = [] } = usePaymentChannels();
  const [amount, setAmount] = useState('');
  const [channel, setChannel] = useState('');
  const [tried, setTried] = useState(false);
  const { trigger: startTopUp } = useStartTopUp();
  const { busy, run } = useAction('The payment could not be started');
  const error = amountError(amount);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    await run(async () => {
      const refusal = await payInNewWindow(() => startTopUp({ amount: Number(amount), requestData: channel || undefined }));
      if (refusal) toast.error(refusal);
      else toast.info('Finish the payment in the new window; your balance updates when it is paid.');
    });
  };

  return (
    <form className="panel" onSubmit={submit} noValidate>
      <h1>Add Money</h1>
      <p className="muted">Top up your wallet with bKash, Nagad, Rocket or Upay. The money is added as soon as the payment is confirmed.</p>
      <FormField label="Amount (৳)" name="amount" inputMode="numeric" autoComplete="off" value={amount} error={tried ? error : undefined} onChange={(e) => setAmount(e.target.value)} />
      {channels.length > 0 && (
        <fieldset className="channel-list">
          <legend>Pay with</legend>
          {channels.map((option) => (
            <label key={option.id} className={channel === option.id ? 'channel selected' : 'channel'}>
              <input type="radio" name="channel" value={option.id} checked={channel === option.id} onChange={() => setChannel(option.id)} />
              <img src={option.logo} alt="" width={80} height={32} loading="lazy" />
              <span>
                <strong>{option.name}</strong>
                <small className="muted block">{option.number}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Opening the payment…' : 'Add Money'}
      </button>
    </form>
  );
}
