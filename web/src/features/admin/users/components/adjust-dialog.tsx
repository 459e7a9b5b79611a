import type { AdminUserDetail } from '@contract/admin-wire';
import { adjustWalletBody } from '@contract/admin-operations';
import { useState } from 'react';
import { FormField } from '../../../../components/form-field';
import { Modal } from '../../../../components/modal';
import { taka } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { useAdjustWallet } from '../api/adjust-wallet';
import { signedTaka } from '../../kit/format';
import { schemaProblems } from '../../kit/schema-problems';

/**
 * Adjust a balance in two steps: the amount (negative takes away) and the reason, then a
 * confirmation that states the new balance.
 */
export function AdjustDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const [form, setForm] = useState({ amount: '', reason: '' });
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { trigger } = useAdjustWallet();
  const { busy, run } = useAction('The balance could not be adjusted');
  const errors = schemaProblems(adjustWalletBody, { amount: form.amount.trim(), reason: form.reason.trim() });
  const amount = errors.amount ? 0 : Number(form.amount.trim());
  const after = user.balance + amount;

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!errors.amount && !errors.reason) setConfirming(true);
  };
  const confirm = () =>
    run(async () => {
      const { message } = await trigger({ user_id: user.user_id, amount, reason: form.reason.trim() });
      toast.success(message);
      onClose();
    });

  return (
    <Modal title={confirming ? 'Confirm the adjustment' : 'Adjust balance'} onClose={busy ? () => undefined : onClose}>
      {confirming ? (
        <>
          <p className="dialog-lead">
            {signedTaka(amount)} to {user.name || user.user_id}&rsquo;s wallet: &ldquo;{form.reason.trim()}&rdquo;
          </p>
          <p className={after < 0 ? 'notice notice-danger' : 'notice notice-ok'}>
            The balance goes from {taka(user.balance)} to <strong>{taka(after)}</strong>.
            {after < 0 && ' Insufficient balance: a balance cannot go below zero.'}
          </p>
          <div className="dialog-buttons">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={busy}>
              Back
            </button>
            <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy || after < 0}>
              {busy ? 'Saving…' : `Confirm ${signedTaka(amount)}`}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={review} noValidate>
          <p className="dialog-lead">
            Balance now <strong>{taka(user.balance)}</strong>
          </p>
          <FormField
            label="Amount in taka (negative takes away)"
            name="amount"
            inputMode="text"
            autoComplete="off"
            placeholder="e.g. 50 or -50"
            value={form.amount}
            error={tried ? errors.amount : undefined}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
          <FormField
            label="Reason"
            name="reason"
            maxLength={200}
            value={form.reason}
            error={tried ? errors.reason : undefined}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          <div className="dialog-buttons">
            <button type="button" className="button button-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary">
              Review
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
