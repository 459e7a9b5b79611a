import { describe, expect, it } from 'vitest';
import { changeBalance, totalPrice } from '../../../functions/wallet/money';

describe('changeBalance', () => {
  it('credits and debits whole taka and moves the version on by one', () => {
    const credited = changeBalance({ balance: 100, version: 4 }, 250, 'topup', 'RQ1');
    expect(credited.after).toEqual({ balance: 350, version: 5 });
    const debited = changeBalance(credited.after, -350, 'plan-order', 'O1');
    expect(debited.after).toEqual({ balance: 0, version: 6 });
  });

  it('refuses a debit beyond the balance with 409 "Insufficient balance"', () => {
    expect(() => changeBalance({ balance: 99, version: 1 }, -100, 'plan-order', 'O1')).toThrow(
      expect.objectContaining({ statusCode: 409, message: 'Insufficient balance' }),
    );
  });

  it('refuses fractional or zero deltas outright', () => {
    expect(() => changeBalance({ balance: 10, version: 1 }, 0.5, 'topup', 'x')).toThrow();
    expect(() => changeBalance({ balance: 10, version: 1 }, 0, 'topup', 'x')).toThrow();
  });
});

describe('totalPrice', () => {
  it('multiplies a unit price by a count', () => {
    expect(totalPrice(520, 3)).toBe(1560);
  });

  it('refuses a zero or unsafe total', () => {
    expect(() => totalPrice(520, 0)).toThrow();
    expect(() => totalPrice(Number.MAX_SAFE_INTEGER, 2)).toThrow();
  });
});
