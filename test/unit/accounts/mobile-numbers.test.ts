import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit-test');
const { normalizeMobile } = await import('../../../functions/users/repo');

describe('mobile numbers', () => {
  it('writes every form of a Bangladeshi number as its eleven national digits', () => {
    for (const form of ['01712345678', '+8801712345678', '8801712345678', '+880 1712-345678', '(+880) 17 1234 5678', '1712345678']) {
      expect(normalizeMobile(form), form).toBe('01712345678');
    }
  });

  it('leaves other numbers (and the Google placeholder) as they are, without separators', () => {
    expect(normalizeMobile('9999999999')).toBe('9999999999');
    expect(normalizeMobile('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizeMobile('01212345678')).toBe('01212345678');
  });
});

describe('proving a mobile number', () => {
  it('texts only Bangladeshi numbers in the stored form', async () => {
    const { isBangladeshiMobile } = await import('../../../functions/contract/rules');
    expect(['01712345678', '01312345678', '01912345678'].every(isBangladeshiMobile)).toBe(true);
    expect(['01212345678', '9999999999', '+442079460958', '0171234567', '017123456789'].some(isBangladeshiMobile)).toBe(false);
  });

  it('reads a typed code with spaces, dashes or Bengali digits, and nothing that is not six digits', async () => {
    const { typedMobileCode } = await import('../../../functions/contract/rules');
    expect(typedMobileCode(' 123 456 ')).toBe('123456');
    expect(typedMobileCode('123-456')).toBe('123456');
    expect(typedMobileCode('১২৩৪৫৬')).toBe('123456');
    expect(typedMobileCode('০০৭ 0০9')).toBe('007009');
    for (const typed of ['12345', '1234567', '12a456', '', '١٢٣٤٥٦']) expect(typedMobileCode(typed), typed).toBeUndefined();
  });

  it('counts a number as proved only while it is still the account’s', async () => {
    const { verifiedMobileOf } = await import('../../../functions/users/repo');
    expect(verifiedMobileOf({ mobileNo: '01712345678', mobileVerified: '01712345678' })).toBe('01712345678');
    expect(verifiedMobileOf({ mobileNo: '01812345678', mobileVerified: '01712345678' })).toBeUndefined();
    expect(verifiedMobileOf({ mobileNo: '01712345678' })).toBeUndefined();
  });

  it('makes a proved number a person of its own for promotions, beside the account and the player ID', async () => {
    const { personKeysOf } = await import('../../../functions/promotions/repo');
    expect(personKeysOf({ userId: 'u1', playerId: ' AB12 ', verifiedMobile: '01712345678' })).toEqual([
      'account#u1',
      'player#ab12',
      'mobile#01712345678',
    ]);
    expect(personKeysOf({ userId: 'u1' })).toEqual(['account#u1']);
  });
});
