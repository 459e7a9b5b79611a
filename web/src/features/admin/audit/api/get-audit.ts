import type { AuditRow } from '@contract/admin-wire';
import { useCursorList } from '../../kit/api/cursor-list';

/** GET /admin/audit: the first page's path. */
export const auditListKey = '/admin/audit';

/** An audit entry's identity: the log gives its entries no id. */
export const auditEntryKey = (entry: AuditRow) => [entry.at, entry.actor_id, entry.action, entry.target, entry.detail].join('|');

/** Every operator's writes and reveals, newest first, a page at a time. */
export function useAudit() {
  return useCursorList<AuditRow>(auditListKey, auditEntryKey);
}
