import { auditEntry, auditItem } from '../../audit/repo';
import { type AlertSettings, alertSettings, alertSettingsItem } from '../../notifications/alert-settings';
import { alertKinds, testAlert } from '../../notifications/alerts';
import { randomId } from '../../shared/ids';
import { transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';

/** Where operator alerts go and which are sent (the defaults until an operator saves). */
export const currentAlertSettings = (): Promise<AlertSettings> => alertSettings();

/** Saves the alert settings with the operator's audit entry (which kinds are off, whether a chat is set; never the chat id itself). */
export async function saveAlertSettings(admin: ActiveUser, settings: AlertSettings): Promise<AlertSettings> {
  const off = alertKinds.filter((kind) => !settings.kinds[kind]);
  const detail = `chat ${settings.chatId ? 'set' : 'none'}; pending after ${settings.paymentPendingMinutes} min; off: ${off.join(', ') || 'none'}`;
  await transact([
    alertSettingsItem(settings, new Date().toISOString()),
    auditItem(auditEntry(admin.id, 'alerts.update', 'alerts', detail)),
  ]);
  return settings;
}

/**
 * Writes a test alert for the outbox's consumer to send, as every alert goes: the console's
 * function never holds the bot token.
 */
export async function sendTestAlert(admin: ActiveUser): Promise<void> {
  const id = randomId(12);
  await transact([testAlert(id, new Date().toISOString()), auditItem(auditEntry(admin.id, 'alerts.test', 'alerts', id))]);
}
