import { describe, expect, it } from 'vitest';
import { idPattern, randomId, timeOrderedId } from '../../functions/shared/ids';

describe('ids', () => {
  it('makes time-ordered ids of 10 unambiguous characters that sort by time', () => {
    const earlier = timeOrderedId(Date.UTC(2026, 0, 1));
    const later = timeOrderedId(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(earlier).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(earlier < later).toBe(true);
  });

  it('makes random ids that fit the id pattern', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(idPattern);
  });
});
