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
