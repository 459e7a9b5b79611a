import { describe, expect, it } from 'vitest';
import { claimAgeMinutes, newClaim } from '../../../functions/orders/claim-rules';

describe('a new claim', () => {
  const base = { claimId: 'C1', orderId: 'O1', userId: 'U1' };
  it('opens with the shopper’s words, or the reason’s when they wrote none, and keeps a player ID only for a wrong one', () => {
    const now = '2026-11-28T02:00:00.000Z';
    expect(newClaim({ ...base, reason: 'other', message: 'Charged but nothing came', image: '/uploads/a.png' }, now)).toEqual({
      ...base,
      reason: 'other',
      status: 'open',
      thread: [{ from: 'shopper', message: 'Charged but nothing came', image: '/uploads/a.png', at: now }],
      createdAt: now,
    });
    expect(newClaim({ ...base, reason: 'code_invalid', playerId: '123' }, now)).toMatchObject({
      thread: [{ from: 'shopper', message: 'The code is invalid or already used', at: now }],
    });
    expect(newClaim({ ...base, reason: 'code_invalid', playerId: '123' }, now)).not.toHaveProperty('playerId');
    expect(newClaim({ ...base, reason: 'wrong_player_id', playerId: '123' }, now).playerId).toBe('123');
  });

  it('is as old as the whole minutes since it was raised', () => {
    expect(claimAgeMinutes({ createdAt: '2026-11-28T02:00:00Z' }, Date.parse('2026-11-28T02:59:59Z'))).toBe(59);
    expect(claimAgeMinutes({ createdAt: '2026-11-28T02:00:00Z' }, Date.parse('2026-11-28T01:59:00Z'))).toBe(0);
  });
});
