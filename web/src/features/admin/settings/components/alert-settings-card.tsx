import { alertKindNames, alertSettingsBody } from '@contract/admin-operations';
import type { AdminAlertSettings } from '@contract/admin-wire';
import { FormField } from '../../../../components/form-field';
import { toast } from '../../../../lib/toast';
import { useAction } from '../../../../lib/use-action';
import { Switch } from '../../kit/components/edit-fields';
import { ErrorState, Loading } from '../../kit/components/list-states';
import { useEditForm } from '../../kit/components/use-edit-form';
import { schemaProblems } from '../../kit/schema-problems';
import { useAlertSettings } from '../api/get-alert-settings';
import { useSendTestAlert } from '../api/send-test-alert';
import { type AlertSettingsRequest, useUpdateAlertSettings } from '../api/update-alert-settings';

type AlertKind = (typeof alertKindNames)[number];

/** Each kind of alert as the operators read it. */
const kindLabels: Record<AlertKind, string> = {
  order_waiting: 'A paid order waits for manual delivery',
  delivery_unknown: "A delivery's outcome is unknown",
  delivery_failed: 'A delivery failed (refunded)',
  payment_stuck: 'A payment is pending at the gateway too long',
  low_stock: 'A voucher falls to its low-stock mark',
  supplier_balance: "The supplier's balance is too low",
  supplier_setup: 'The supplier cannot be used as set up (address, exchange rate, credentials)',
  payment_review: 'A payment needs a person (wrong amount, paid twice)',
  refund_review: 'A refund to bKash/Nagad needs a person (no answer, refused)',
  order_held: 'A paid order is held for review (and again when its check is overdue)',
  claim_opened: 'A shopper reported a problem with an order (and again when it waits past the minutes promised)',
  cloud_alarm: 'A CloudWatch alarm goes off or clears (errors, throttles, stuck jobs)',
};

type Values = { chat_id: string; payment_pending_minutes: string; claim_answer_minutes: string } & Record<AlertKind, boolean>;

const request = (values: Values): AlertSettingsRequest => ({
  chat_id: values.chat_id.trim() || undefined,
  payment_pending_minutes: values.payment_pending_minutes,
  claim_answer_minutes: values.claim_answer_minutes,
  ...(Object.fromEntries(alertKindNames.map((kind) => [kind, values[kind] ? '1' : '0'])) as Record<AlertKind, '1' | '0'>),
});

/** Operator alerts on Telegram: the chat, the kinds sent, the minutes a payment may wait and a report may wait for an answer, and a test message. */
export function AlertSettingsCard() {
  const { data, error, mutate } = useAlertSettings();
  return (
    <section className="settings-card" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="admin-subtitle">
        Telegram alerts
      </h2>
      {data ? (
        <AlertSettingsForm settings={data} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the alert settings" />
      ) : (
        <Loading label="Loading the alert settings" />
      )}
    </section>
  );
}

function AlertSettingsForm({ settings }: { settings: AdminAlertSettings }) {
  const { trigger } = useUpdateAlertSettings();
  const { trigger: sendTest } = useSendTestAlert();
  const testing = useAction('The test message could not be queued');
  const initial: Values = {
    chat_id: settings.chat_id,
    payment_pending_minutes: String(settings.payment_pending_minutes),
    claim_answer_minutes: String(settings.claim_answer_minutes),
    ...settings.kinds,
  };
  const form = useEditForm(
    initial,
    (values) => schemaProblems(alertSettingsBody, request(values)),
    'The alert settings could not be saved',
  );
  const save = form.submit(async (values) => {
    const { message } = await trigger(request(values));
    toast.success(message);
  });
  const test = () => void testing.run(async () => toast.success(await sendTest()));
  return (
    <form onSubmit={save} noValidate>
      <p className="muted">What needs a person is sent to this chat: add the bot to the group, then paste the group's id.</p>
      <FormField
        label="Telegram chat id"
        autoComplete="off"
        placeholder="-1001234567890 or @channel"
        hint="Empty: no alert is sent"
        {...form.field('chat_id')}
      />
      <fieldset className="choice-group alert-kinds">
        <legend>Send alerts when</legend>
        {alertKindNames.map((kind) => (
          <Switch
            key={kind}
            label={kindLabels[kind]}
            checked={form.values[kind]}
            disabled={form.busy}
            onChange={(on) => form.setValue(kind, on)}
          />
        ))}
      </fieldset>
      <FormField
        label="Minutes before a pending payment is told"
        type="number"
        inputMode="numeric"
        min={5}
        max={1440}
        {...form.field('payment_pending_minutes')}
      />
      <FormField
        label="Minutes promised for an answer to a report"
        type="number"
        inputMode="numeric"
        min={10}
        max={2880}
        {...form.field('claim_answer_minutes')}
      />
      <div className="dialog-buttons">
        <button type="button" className="button button-ghost" disabled={testing.busy || !settings.chat_id} onClick={test}>
          {testing.busy ? 'Sending…' : 'Send a test message'}
        </button>
        <button type="submit" className="button button-primary" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save alerts'}
        </button>
      </div>
    </form>
  );
}
