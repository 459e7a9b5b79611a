import { describe, expect, it } from 'vitest';
import { idPattern } from '../../../functions/contract/fields';
import { creationStamp, randomId, timeOfId } from '../../../functions/shared/ids';

describe('ids', () => {
  it('makes time-ordered ids of 12 unambiguous characters that sort by time to the millisecond', () => {
    const instants = [
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 1, 0, 0, 0, 1),
      Date.UTC(2026, 0, 1, 0, 0, 0, 999),
      Date.UTC(2026, 0, 1, 0, 0, 1),
    ];
    const ids = instants.map((instant) => creationStamp(instant).id);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.map(timeOfId)).toEqual(instants);
  });

  it('gives an id and its createdAt from the same instant', () => {
    const { id, createdAt } = creationStamp();
    expect(timeOfId(id)).toBe(Date.parse(createdAt));
  });

  it('still reads the 10-character ids made before, to the second, and sorts them by second among the new ones', () => {
    const older = '2QA2PD8Z9J';
    const second = timeOfId(older);
    expect(second % 1000).toBe(0);
    const before = creationStamp(second - 1).id;
    const after = creationStamp(second + 1000).id;
    expect([after, older, before].sort()).toEqual([before, older, after]);
    expect(timeOfId('not-an-id')).toBeNaN();
  });

  it('makes random ids that fit the id pattern', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(idPattern);
  });
});
