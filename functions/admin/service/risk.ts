import { auditEntry, auditItem } from '../../audit/repo';
import { Conflict, NotFound } from '../../shared/errors';
import { TransactionCancelled, transact } from '../../shared/transactions';
import type { Block, BlockKind } from '../../risk/rules';
import { listBlocks } from '../../risk/repo';
import { blockWrites, unblockWrites } from '../../risk/service';
import type { ActiveUser } from '../../users/active-user';

/** Every blocked identity, for the console's Blocklist. */
export const blocklist = (): Promise<Block[]> => listBlocks();

/** Blocks an identity (audited `block-add`); one blocked already is a 409. */
export async function block(user: ActiveUser, kind: BlockKind, value: string, reason: string): Promise<Block> {
  const { block: added, items } = blockWrites(user.id, kind, value, reason);
  try {
    await transact([...items, auditItem(auditEntry(user.id, 'block-add', `${kind}:${added.value}`, reason))]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('This is blocked already');
    throw error;
  }
  return added;
}

/** Lifts a block (audited `block-remove`); one not blocked is a 404. */
export async function unblock(user: ActiveUser, kind: BlockKind, value: string): Promise<void> {
  const { value: kept, items } = unblockWrites(kind, value);
  try {
    await transact([...items, auditItem(auditEntry(user.id, 'block-remove', `${kind}:${kept}`))]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new NotFound('This is not blocked');
    throw error;
  }
}
