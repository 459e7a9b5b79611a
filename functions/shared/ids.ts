import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so an id read out on the phone is not misheard. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomChars(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

function base32(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i += 1) {
    out = alphabet[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** Seconds since 2024-01-01, so that time-ordered ids stay short for decades. */
const epoch = Date.UTC(2024, 0, 1);

/**
 * A short id that sorts by creation time: 6 characters of seconds since 2024 (good until 2058)
 * and 4 random ones, e.g. `0KQ3ZD7M2X`. Used for orders and wallet requests.
 */
export function timeOrderedId(now = Date.now()): string {
  return base32(Math.floor((now - epoch) / 1000), 6) + randomChars(4);
}

/** When a `timeOrderedId` was made, to the second; NaN for an id that is not one. */
export function timeOfId(id: string): number {
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(id)) return Number.NaN;
  let seconds = 0;
  for (const char of id.slice(0, 6)) seconds = seconds * 32 + alphabet.indexOf(char);
  return epoch + seconds * 1000;
}

/** A random 8-character id (about 10^12 values), e.g. user codes. */
export function randomId(length = 8): string {
  return randomChars(length);
}

/** What an id from a URL or a form may look like; anything else is a 400 before any lookup. */
export const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
