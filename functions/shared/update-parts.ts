/** Two changes of one item in one write (a transaction names each item once), pure. */
import type { TransactionItem } from './transactions';

/** More of one item's update: clauses to set and remove, a condition, and the names and values they use. */
export interface UpdatePart {
  set?: string[];
  remove?: string[];
  condition?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * An Update transaction item with `part` added: one write of an item may carry two changes (a
 * refund and the claim that asked for it), since a transaction names each item once.
 */
export function withUpdatePart(item: TransactionItem, part: UpdatePart): TransactionItem {
  const update = item.Update;
  if (!update) throw new Error('withUpdatePart takes an Update item');
  const clauses = new Map<string, string[]>();
  for (const [, keyword, body] of update.UpdateExpression!.matchAll(
    /\b(SET|REMOVE|ADD|DELETE)\s+(.*?)(?=\s+\b(?:SET|REMOVE|ADD|DELETE)\s|$)/g,
  ))
    clauses.set(keyword!, [...(clauses.get(keyword!) ?? []), body!.trim()]);
  if (part.set?.length) clauses.set('SET', [...(clauses.get('SET') ?? []), ...part.set]);
  if (part.remove?.length) clauses.set('REMOVE', [...(clauses.get('REMOVE') ?? []), ...part.remove]);
  const names = { ...update.ExpressionAttributeNames, ...part.names };
  const values = { ...update.ExpressionAttributeValues, ...part.values };
  return {
    Update: {
      ...update,
      UpdateExpression: [...clauses].map(([keyword, bodies]) => `${keyword} ${bodies.join(', ')}`).join(' '),
      ...(part.condition
        ? { ConditionExpression: update.ConditionExpression ? `(${update.ConditionExpression}) AND (${part.condition})` : part.condition }
        : {}),
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    },
  };
}
