import { googlePlaceholderMobile } from '@contract/rules';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { useUpdateUser } from '../api/update-user';

const dismissedKey = (userId: string) => `mobilePromptDismissed:${userId}`;

/**
 * A Google-registered account carries the placeholder number (ten nines): it is asked, once, for
 * a real one. "Not now" is remembered for the account on this browser; saving ends it for good.
 */
export function MobileNumberPrompt() {
  const { data: user } = useUser();
  const [dismissed, setDismissed] = useState(false);
  const [mobile, setMobile] = useState('');
  const [tried, setTried] = useState(false);
  const { trigger: updateUser } = useUpdateUser();
  const { busy, run } = useAction('Update failed');
  if (!user || user.mobile_no !== googlePlaceholderMobile || dismissed || localStorage.getItem(dismissedKey(user.code))) return null;

  const error = !mobile.trim() ? 'Required Field' : /^\+?[\d\s-]{10,16}$/.test(mobile.trim()) ? undefined : 'Please enter a mobile number';
  const notNow = () => {
    localStorage.setItem(dismissedKey(user.code), '1');
    setDismissed(true);
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (error) return;
    await run(async () => {
      toast.success(await updateUser({ name: user.name, email: user.email, mobile_no: mobile.trim() }));
      notNow();
    });
  };
  return (
    <div className="container">
      <form className="panel mobile-prompt" onSubmit={save} noValidate aria-labelledby="mobile-prompt-title">
        <div>
          <h2 id="mobile-prompt-title">Add your mobile number</h2>
          <p className="muted">You signed up with Google, so we have no number for you yet. Support uses it to reach you about an order.</p>
        </div>
        <FormField
          label="Mobile Number"
          name="mobile_no"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={mobile}
          error={tried ? error : undefined}
          onChange={(e) => setMobile(e.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="button button-primary button-small" disabled={busy}>
            {busy ? 'Saving…' : 'Save number'}
          </button>
          <button type="button" className="button button-ghost button-small" onClick={notNow}>
            Not now
          </button>
        </div>
      </form>
    </div>
  );
}
