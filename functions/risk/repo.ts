import { queryAll, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import type { Block, BlockKind } from './rules';

/**
 * A blocked identity: `BLOCK#<kind>#<value>` / `#BLOCK`, a key a checkout can read in its own
 * BatchGetItem; listed in gsi2 `BLOCKS`, newest last, for the console.
 */
export const blockKey = (kind: BlockKind, value: string) => ({ pk: `BLOCK#${kind}#${value}`, sk: '#BLOCK' });

/** The item that blocks an identity, unless it is blocked already (a ConditionalCheckFailed says so). */
export function blockItem(block: Block): TransactionItem {
  return {
    Put: {
      TableName: tableName,
      Item: toItem(
        'Block',
        { ...blockKey(block.kind, block.value), gsi2pk: 'BLOCKS', gsi2sk: `${block.createdAt}#${block.kind}#${block.value}` },
        block,
        block.createdAt,
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The item that lifts a block, on the condition that it is there. */
export const unblockItem = (kind: BlockKind, value: string): TransactionItem => ({
  Delete: { TableName: tableName, Key: blockKey(kind, value), ConditionExpression: 'attribute_exists(pk)' },
});

/** Every blocked identity, oldest first: one Query of gsi2 `BLOCKS` (the console's list; a few hundred at most). */
export async function listBlocks(): Promise<Block[]> {
  return (await queryAll({ index: 'gsi2', key: 'gsi2pk', value: 'BLOCKS' })).map((item) => fromItem<Block>(item));
}
