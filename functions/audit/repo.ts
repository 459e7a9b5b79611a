import type { Page, PageRequest } from '../shared/cursor';
import { queryPage, tableName } from '../shared/db';
import { randomId } from '../shared/ids';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

/**
 * One operator action: who, when, what, on what, and a short detail. Never a password, a token
 * or a voucher code; a detail is cut at 200 characters.
 */
export interface AuditEntry {
  id: string;
  at: string;
  /** The operator's user id, or `cli:<name>` for the admin command. */
  actorId: string;
  action: string;
  target: string;
  detail: string;
}

const partition = 'AUDIT';

/** A new entry for an action happening now. */
export function auditEntry(actorId: string, action: string, target: string, detail = ''): AuditEntry {
  return { id: randomId(10), at: new Date().toISOString(), actorId, action, target, detail: detail.slice(0, 200) };
}

/**
 * The item that records an entry, to go in the same transaction as the action's effect:
 * AUDIT / `<at>#<id>` (one partition, newest last in key order; operators write a few a minute).
 */
export function auditItem(entry: AuditEntry): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem('AuditEntry', { pk: partition, sk: `${entry.at}#${entry.id}` }, entry, entry.at),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The audit, newest first, a page at a time: Query AUDIT descending. */
export async function listAudit(request: PageRequest): Promise<Page<AuditEntry>> {
  const page = await queryPage({ key: 'pk', value: partition }, { ascending: false, ...request });
  return { ...page, items: page.items.map((item) => fromItem<AuditEntry>(item)) };
}
