import type { AuditRow } from '@contract/wire';
import { useCursorList } from './cursor-list';

/** GET /admin/audit: the first page's path. */
export const auditListKey = '/admin/audit';

/** Every operator's writes and reveals, newest first, a page at a time. */
export function useAudit() {
  return useCursorList<AuditRow>(auditListKey, (entry) => [entry.at, entry.actor_id, entry.action, entry.target, entry.detail].join('|'));
}
