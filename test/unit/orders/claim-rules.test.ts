import { describe, expect, it } from 'vitest';
import { claimAgeMinutes, claimOverdue, codeReplaceable, newClaim, settledByRule } from '../../../functions/orders/claim-rules';

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

  it('is overdue, open, from the minutes promised on', () => {
    const open = { status: 'open' as const, createdAt: '2026-11-28T02:00:00Z' };
    expect(claimOverdue(open, 120, Date.parse('2026-11-28T03:59:59Z'))).toBe(false);
    expect(claimOverdue(open, 120, Date.parse('2026-11-28T04:00:00Z'))).toBe(true);
    expect(claimOverdue({ ...open, status: 'closed' }, 120, Date.parse('2026-11-28T05:00:00Z'))).toBe(false);
  });

  it('is as old as the whole minutes since it was raised', () => {
    expect(claimAgeMinutes({ createdAt: '2026-11-28T02:00:00Z' }, Date.parse('2026-11-28T02:59:59Z'))).toBe(59);
    expect(claimAgeMinutes({ createdAt: '2026-11-28T02:00:00Z' }, Date.parse('2026-11-28T01:59:00Z'))).toBe(0);
  });
});

describe('what a rule may do', () => {
  const claim = newClaim({ claimId: 'C1', orderId: 'O1', userId: 'U1', reason: 'code_invalid' }, '2026-11-28T02:00:00.000Z');
  it('closes a claim it settled, and leaves open one it refused or asked the supplier about, its words in the thread', () => {
    const at = '2026-11-28T02:01:00.000Z';
    expect(settledByRule(claim, 'replaced', 'New code', at)).toMatchObject({ status: 'closed', closedAt: at, outcome: 'replaced' });
    for (const outcome of ['refused', 'asked'] as const) {
      const answered = settledByRule(claim, outcome, 'Why', at);
      expect([answered.status, answered.closedAt, answered.thread.at(-1)]).toEqual([
        'open',
        undefined,
        { from: 'shop', message: 'Why', at },
      ]);
    }
  });

  it('replaces a code once, of a completed order delivered from stock', () => {
    const delivered = {
      status: 'completed' as const,
      delivery: { mode: 'stock' as const, state: 'delivered' as const, attempts: 0, code: 'ABC' },
    };
    expect(codeReplaceable(delivered)).toBe(true);
    expect(codeReplaceable({ ...delivered, codeReplacement: { maskedFrom: '•••• ABC', at: '', claimId: 'C0' } })).toBe(false);
    expect(codeReplaceable({ ...delivered, status: 'refunded' })).toBe(false);
    expect(codeReplaceable({ ...delivered, delivery: { ...delivered.delivery, mode: 'supplier' } })).toBe(false);
  });
});
