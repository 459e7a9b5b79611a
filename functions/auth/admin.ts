import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { Forbidden, Unauthorized } from '../shared/errors';
import type { Session } from '../shared/session-token';
import { userFromItem, userKey } from './user-record';

/**
 * An admin route's `authorize`: the session's user, still at its token version, whose role is
 * admin (one GetItem).
 */
export async function requireAdmin(session: Session): Promise<void> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: userKey(session.userId), ConsistentRead: true }));
  const user = Item && userFromItem(Item);
  if (!user || user.tokenVersion !== session.tokenVersion) throw new Unauthorized();
  if (user.role !== 'admin') throw new Forbidden();
}
