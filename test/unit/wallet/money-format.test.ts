import { beforeAll, describe, expect, it } from 'vitest';
import { groupDigits, signedTaka, taka } from '../../../web/src/lib/format';
import { amountError } from '../../../web/src/features/wallet/amount-rules';
import { walletMessages } from '../../../web/src/features/wallet/messages';
import { loadMessages } from '../../../web/src/lib/i18n';

// The words come from the area's catalog, as a page loads it (English: Node has no page).
beforeAll(() => loadMessages(walletMessages));

describe('money as the shop writes it', () => {
  it('groups digits the Bangladeshi way: the last three, then twos', () => {
    expect([0, 7, 999, 1000, 5000, 12_345, 125_000, 1_234_567, 100_000_000].map((whole) => groupDigits(whole))).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '5,000',
      '12,345',
      '1,25,000',
      '12,34,567',
      '10,00,00,000',
    ]);
  });

  it('writes whole taka with the sign, and changes of balance with theirs', () => {
    expect(taka(125_000)).toBe('৳1,25,000');
    expect(taka(-22)).toBe('−৳22');
    expect(signedTaka(750)).toBe('+৳750');
    expect(signedTaka(-1_500)).toBe('−৳1,500');
  });
});

describe('the add-money amount', () => {
  const limits = { min: 10, max: 25_000 };
  it("says the spec's messages, then the limits in the server's words", () => {
    expect(amountError('', limits)).toBe('Required Field');
    expect(amountError('12a', limits)).toBe('Only Numbers are allowed');
    expect(amountError('9', limits)).toBe('Add between ৳10 and ৳25,000 at a time');
    expect(amountError('25001', limits)).toBe('Add between ৳10 and ৳25,000 at a time');
    expect(amountError('25000', limits)).toBeUndefined();
  });
});
