import { describe, expect, it, vi } from 'vitest';
import { type TransactionItem, TransactionCancelled, transact } from '../../../functions/shared/transactions';
import { requireActiveUser } from '../../../functions/users/active-user';
import { buyCodes } from '../../../functions/vouchers/service';
import { claimCodeItems, listVouchers } from '../../../functions/vouchers/repo';
import { balanceOf, expectLedgerMatchesBalance, freshVoucher, fundedAccount, storedItem } from '../../support/money';

// DynamoDB Local never answers TransactionConflict, so contention is injected here, at the
// boundary where the voucher service hands its transaction to DynamoDB.
vi.mock('../../../functions/shared/transactions', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/shared/transactions')>();
  return { ...real, transact: vi.fn(real.transact) };
});

const realTransact = vi.mocked(transact).getMockImplementation()!;
const stockOf = async (voucherId: string) => (await listVouchers('google-play')).find((v) => v.id === voucherId)?.stock;
/** The buyer as the handler stack hands them to the service: checked against the stored user. */
const activeUserOf = (account: { code: string }) => requireActiveUser({ userId: account.code, tokenVersion: 1 });

describe('voucher sales under contention', () => {
  it('retries on other codes when a rival took a chosen code first, selling each code once', async () => {
    const voucher = await freshVoucher(6, 100);
    const buyer = await fundedAccount(300, 'contend');
    let stolenCode = '';
    vi.mocked(transact).mockImplementationOnce(async (items) => {
      // A rival's sale of the first chosen code commits between our read and our write.
      const sk = String(items.find((item) => item.Delete)!.Delete!.Key!.sk);
      const code = (await storedItem(`VOUCHER#${voucher.id}`, sk))!;
      await realTransact(claimCodeItems(voucher.id, [{ codeId: String(code.codeId), code: String(code.code), shard: Number(code.shard) }]));
      stolenCode = String(code.code);
      return realTransact(items);
    });

    const { order, attempts } = await buyCodes(await activeUserOf(buyer), voucher.id, 2, { clientIp: '127.0.0.1', deviceId: '' });
    expect(attempts).toBe(2);
    expect(order.codes).toHaveLength(2);
    expect(new Set(order.codes).size).toBe(2);
    expect(stolenCode).not.toBe('');
    expect(order.codes).not.toContain(stolenCode);
    expect(await stockOf(voucher.id)).toBe(3);
    expect(await balanceOf(buyer.code)).toBe(100);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('tries again after transaction conflicts and debits once', async () => {
    const voucher = await freshVoucher(3, 100);
    const buyer = await fundedAccount(100, 'conflict');
    const conflict = (items: TransactionItem[]) =>
      Promise.reject(new TransactionCancelled(items.map((_, i) => (i === 0 ? 'TransactionConflict' : 'None'))));
    vi.mocked(transact).mockImplementationOnce(conflict).mockImplementationOnce(conflict);

    const { order, attempts } = await buyCodes(await activeUserOf(buyer), voucher.id, 1, { clientIp: '127.0.0.1', deviceId: '' });
    expect(attempts).toBe(3);
    expect(order.codes).toHaveLength(1);
    expect(await stockOf(voucher.id)).toBe(2);
    expect(await balanceOf(buyer.code)).toBe(0);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('answers "Out of stock" after a bounded number of lost races, having written nothing', async () => {
    const voucher = await freshVoucher(3, 100);
    const buyer = await fundedAccount(100, 'giveup');
    vi.mocked(transact).mockImplementation((items) => Promise.reject(new TransactionCancelled(items.map(() => 'ConditionalCheckFailed'))));
    try {
      await expect(buyCodes(await activeUserOf(buyer), voucher.id, 1, { clientIp: '127.0.0.1', deviceId: '' })).rejects.toMatchObject({
        statusCode: 409,
        message: 'Out of stock',
      });
      expect(vi.mocked(transact).mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      vi.mocked(transact).mockImplementation(realTransact);
    }
    expect(await stockOf(voucher.id)).toBe(3);
    expect(await balanceOf(buyer.code)).toBe(100);
    await expectLedgerMatchesBalance(buyer.code);
  });
});
