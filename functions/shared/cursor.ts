import type { ListPage } from '../contract/wire';
import { Invalid } from './errors';

/** A list's position for its next page: DynamoDB's LastEvaluatedKey, opaque to the caller. */
export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/**
 * Reads a cursor back for the Query of `partition` (its key attribute and value, e.g.
 * `{gsi1pk: 'ORDERS#pending'}`); one that was not made by `encodeCursor` for that partition is a 400.
 */
export function decodeCursor(cursor: string | undefined, partition: Record<string, string>): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      Object.values(key).every((value) => typeof value === 'string') &&
      Object.entries(partition).every(([name, value]) => (key as Record<string, string>)[name] === value)
    ) {
      return key as Record<string, string>;
    }
  } catch {
    // falls through to the 400
  }
  throw new Invalid('Invalid cursor', { cursor: 'Invalid cursor' });
}

/** A page of a list and where the next one starts (null at the end). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Where a page starts and how long it is. */
export interface PageRequest {
  cursor?: string;
  limit: number;
}

/** A page on the wire: `{items, next_cursor}` (null at the end). */
export const pageView = <T, R>(page: Page<T>, view: (item: T) => R): ListPage<R> => ({
  items: page.items.map(view),
  next_cursor: page.nextCursor,
});
