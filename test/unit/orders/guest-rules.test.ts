import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit-test-table-never-reached');
const { guestIdOf, guestOrderMovable, verifiedGuestIdsOf } = await import('../../../functions/orders/guests');
const { moveOrderItems, orderIdOfItem } = await import('../../../functions/orders/guest-move-repo');

describe("a guest's orders and an account", () => {
  it('takes in only the guest partitions of a verified e-mail address and a verified number, as the checkout kept them', () => {
    const user = { email: 'Ana@Example.com', mobileNo: '01712345678' };
    expect(verifiedGuestIdsOf({ ...user, emailVerified: false })).toEqual([]);
    expect(verifiedGuestIdsOf({ ...user, emailVerified: true, mobileVerified: '01712345678' })).toEqual([
      guestIdOf({ kind: 'email', value: 'ana@example.com' }),
      guestIdOf({ kind: 'mobile', value: '01712345678' }),
    ]);
    // A number verified before the profile changed it is no longer the account's.
    expect(verifiedGuestIdsOf({ ...user, emailVerified: false, mobileVerified: '01800000000' })).toEqual([]);
  });

  it('moves an order once it is finished, without an open report or a hold', () => {
    expect(guestOrderMovable({ status: 'completed' })).toBe(true);
    expect(guestOrderMovable({ status: 'refunded' })).toBe(true);
    expect(guestOrderMovable({ status: 'pending' })).toBe(false);
    expect(guestOrderMovable({ status: 'completed', openClaimId: 'C1' })).toBe(false);
    expect(guestOrderMovable({ status: 'completed', hold: { state: 'held', reasons: [], heldAt: '' } as never })).toBe(false);
  });

  it("rewrites an order's items under the account, without the guest's contact or the link's secret, each move conditioned", () => {
    const order = {
      pk: 'USER#guest-abc',
      sk: 'ORDER#O1',
      userId: 'guest-abc',
      gsi1sk: '2026-11-28T00:00:00Z#guest-abc#O1',
      guest: { contact: { kind: 'email', value: 'a@b.c' }, language: 'bn' },
      updatedAt: 'then',
    };
    const payment = { pk: 'USER#guest-abc', sk: 'PORDER#O1', linkToken: 'secret', order: { userId: 'guest-abc', guest: order.guest } };
    expect([order, payment, { sk: 'CLAIM#O1#C1' }, { sk: 'EXTRAPAY#O1#I1' }, { sk: '#FINDCODE' }].map(orderIdOfItem)).toEqual([
      'O1',
      'O1',
      'O1',
      'O1',
      undefined,
    ]);
    const [putOrder, deleteOrder, putPayment] = moveOrderItems([order, payment], 'guest-abc', 'U9', 'now');
    expect(putOrder!.Put!.Item).toEqual({
      pk: 'USER#U9',
      sk: 'ORDER#O1',
      userId: 'U9',
      gsi1sk: '2026-11-28T00:00:00Z#U9#O1',
      claimedFrom: { guestId: 'guest-abc', at: 'now' },
      updatedAt: 'now',
    });
    expect(putOrder!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(deleteOrder!.Delete).toMatchObject({
      Key: { pk: 'USER#guest-abc', sk: 'ORDER#O1' },
      ConditionExpression: 'updatedAt = :seen AND attribute_not_exists(openClaimId)',
      ExpressionAttributeValues: { ':seen': 'then' },
    });
    expect(putPayment!.Put!.Item).toEqual({ pk: 'USER#U9', sk: 'PORDER#O1', order: { userId: 'U9' } });
  });
});
