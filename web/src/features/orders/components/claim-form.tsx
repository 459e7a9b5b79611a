import { messagesByField, withEveryField } from '@contract/fields';
import { claimBody, claimReasons } from '@contract/orders';
import { useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { FormField } from '../../../components/form-field';
import { useServerWords } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { uploadMimeTypes, uploadProblem } from '../../../lib/upload-rules';
import { useAction } from '../../../lib/use-action';
import type { OrderDetail as Order } from '../api/get-order';
import { type ClaimInput, useRaiseClaim } from '../api/raise-claim';
import { useRaiseGuestClaim } from '../api/raise-guest-claim';
import { useUploadScreenshot } from '../api/upload-screenshot';
import { claimReasonLabels } from '../claim-words';
import { ordersMessages, useT } from '../messages';

/** The catalogs of what this shows: the order page that loads it has them in already. */
export const messages = [ordersMessages];

type Reason = (typeof claimReasons)[number];

/** The reasons that fit the order: a wrong player ID only for a top-up by player ID, a code that does not work only for a delivered code. */
const reasonsFor = (order: Order): Reason[] =>
  claimReasons.filter(
    (reason) => (reason !== 'wrong_player_id' || order.by_player_id) && (reason !== 'code_invalid' || order.delivery.mode === 'stock'),
  );

/** The form as the endpoint's own schema reads it: the request to send, or its problems by field in the server's words. */
const check = (draft: Partial<ClaimInput>) => v.safeParse(claimBody, withEveryField(claimBody, draft));

/**
 * "Report a problem" with an order: what went wrong (the right player ID for a wrong one), in the
 * shopper's words, with a screenshot if they like; checked with the endpoint's schema, sent, and
 * the server's answer as a toast. A guest's report (`guestToken`, their order link's secret) goes
 * to /guest/claim, without a screenshot (an upload needs an account).
 */
export function ClaimForm({ order, guestToken, onDone }: { order: Order; guestToken?: string; onDone: () => void }) {
  const { t } = useT();
  const serverWords = useServerWords();
  const id = useId();
  const [reason, setReason] = useState<Reason | ''>('');
  const [playerId, setPlayerId] = useState('');
  const [message, setMessage] = useState('');
  const [image, setImage] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [tried, setTried] = useState(false);
  const shopperClaim = useRaiseClaim(order.order_id);
  const guestClaim = useRaiseGuestClaim(guestToken ?? '');
  const trigger = (request: ClaimInput) => (guestToken === undefined ? shopperClaim.trigger(request) : guestClaim.trigger(request));
  const { busy, run } = useAction(t('orders.claim.failed'));
  const checked = check({
    reason: reason || undefined,
    message: message.trim() || undefined,
    player_id: reason === 'wrong_player_id' ? playerId.trim() || undefined : undefined,
    image,
  });
  const problems = tried && !checked.success ? messagesByField(checked.issues) : {};
  const shown = (field: string) => (problems[field] ? serverWords(problems[field]) : undefined);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.success || uploading) return;
    const request: ClaimInput = checked.output;
    void run(async () => {
      const { message: answer } = await trigger(request);
      toast.success(answer);
      onDone();
    });
  };
  return (
    <form className="claim-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <fieldset className="claim-reasons" aria-describedby={problems.reason ? `${id}-reason` : undefined}>
        <legend id={`${id}-title`}>{t('orders.claim.whatWentWrong')}</legend>
        {reasonsFor(order).map((value) => (
          <label key={value} className={reason === value ? 'claim-reason selected' : 'claim-reason'}>
            <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            <span>{claimReasonLabels[value](t)}</span>
          </label>
        ))}
        {problems.reason && (
          <p className="field-error" id={`${id}-reason`}>
            {shown('reason')}
          </p>
        )}
      </fieldset>
      {reason === 'wrong_player_id' && (
        <FormField
          label={t('orders.claim.rightPlayerId')}
          name="player_id"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          value={playerId}
          error={shown('player_id')}
          onChange={(event) => setPlayerId(event.target.value)}
        />
      )}
      <div className="form-field">
        <label htmlFor={`${id}-message`}>{reason === 'other' ? t('orders.claim.message') : t('orders.claim.messageOptional')}</label>
        <textarea
          id={`${id}-message`}
          className={problems.message ? 'input is-invalid' : 'input'}
          name="message"
          rows={4}
          maxLength={1000}
          aria-invalid={Boolean(problems.message)}
          aria-describedby={problems.message ? `${id}-message-error` : undefined}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {problems.message && (
          <p className="field-error" id={`${id}-message-error`}>
            {shown('message')}
          </p>
        )}
      </div>
      {guestToken === undefined && <ScreenshotField image={image} onChange={setImage} onUploadingChange={setUploading} />}
      <div className="button-row">
        <button type="submit" className="button button-primary button-small" disabled={busy || uploading}>
          {busy ? t('orders.claim.sending') : t('orders.claim.send')}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onDone} disabled={busy}>
          {t('orders.claim.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * An optional screenshot: chosen from the phone, checked (PNG, JPEG or WebP, at most 2 MB) before
 * a permit is asked for, uploaded with its progress; named by the report once uploaded.
 */
function ScreenshotField({
  image,
  onChange,
  onUploadingChange,
}: {
  image: string | undefined;
  onChange: (image: string | undefined) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t } = useT();
  const serverWords = useServerWords();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [name, setName] = useState('');
  const { trigger } = useUploadScreenshot();
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused = uploadProblem(file);
    setProblem(refused && serverWords(refused));
    if (refused) return;
    setProgress(0);
    onUploadingChange(true);
    try {
      onChange(await trigger({ file, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) }));
      setName(file.name);
    } catch (failure) {
      onChange(undefined);
      setProblem(serverWords(failure instanceof Error ? failure.message : 'Network error'));
    } finally {
      setProgress(undefined);
      onUploadingChange(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  return (
    <div className="form-field claim-screenshot">
      <label htmlFor={`${id}-file`}>{t('orders.claim.screenshot')}</label>
      {image ? (
        <p className="claim-screenshot-chosen">
          <span>{t('orders.claim.screenshotAttached', { name })}</span>
          <button type="button" className="button button-ghost button-small" onClick={() => onChange(undefined)}>
            {t('orders.claim.removeScreenshot')}
          </button>
        </p>
      ) : (
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={uploadMimeTypes.join(',')}
          disabled={progress !== undefined}
          aria-describedby={problem ? `${id}-file-error` : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      )}
      {progress !== undefined && <p className="field-hint">{t('orders.claim.uploading', { percent: progress })}</p>}
      {problem && (
        <p className="field-error" id={`${id}-file-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}
