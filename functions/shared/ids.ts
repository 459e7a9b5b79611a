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

/** Time-ordered ids count from 2024-01-01, so that they stay short for decades. */
const epoch = Date.UTC(2024, 0, 1);

const idChar = '[0-9A-HJKMNP-TV-Z]';
const timeOrderedIdPattern = new RegExp(`^(${idChar}{6})(${idChar}{2})?${idChar}{4}$`);

/**
 * A short id that sorts by creation time to the millisecond: 6 characters of seconds since 2024
 * (good until 2058), 2 of the millisecond and 4 random ones, e.g. `0KQ3ZD0Z7M2X`. The seconds
 * lead as in the 10-character ids made before the millisecond was added, so that old and new ids
 * of different seconds still sort by time.
 */
function timeOrderedId(now: number): string {
  const sinceEpoch = now - epoch;
  return base32(Math.floor(sinceEpoch / 1000), 6) + base32(sinceEpoch % 1000, 2) + randomChars(4);
}

/**
 * A new record's time-ordered id and its `createdAt`, from one reading of the clock: a
 * descending Query of ids is then the newest-first order of `createdAt`. Used for orders and
 * wallet requests.
 */
export function creationStamp(now = Date.now()): { id: string; createdAt: string } {
  return { id: timeOrderedId(now), createdAt: new Date(now).toISOString() };
}

const decode = (chars: string) => [...chars].reduce((value, char) => value * 32 + alphabet.indexOf(char), 0);

/** When a `timeOrderedId` was made (to the second for a 10-character one); NaN for an id that is not one. */
export function timeOfId(id: string): number {
  const match = timeOrderedIdPattern.exec(id);
  if (!match) return Number.NaN;
  const [, seconds = '', millisecond = ''] = match;
  return epoch + decode(seconds) * 1000 + decode(millisecond);
}

/** A random 8-character id (about 10^12 values), e.g. user codes. */
export function randomId(length = 8): string {
  return randomChars(length);
}
