import { z } from 'zod';
import { Invalid } from './errors';
import { idPattern } from './ids';

/** Form fields arrive as strings (multipart, urlencoded) or as JSON scalars; treat both alike. */
const asText = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

/** A required text field: trimmed, not empty. */
export const requiredText = (message: string, max = 200) =>
  z.preprocess(asText, z.string({ error: message }).trim().min(1, message).max(max, `${message} (too long)`));

/** An optional text field; empty becomes undefined. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : asText(value)),
    z.string().trim().max(max, 'Too long').optional(),
  );

/** An id from a form or the path; malformed ids are refused before any lookup. */
export const idField = (label: string) =>
  z.preprocess(asText, z.string({ error: `${label} is required` }).regex(idPattern, `Invalid ${label}`));

/** A whole number of taka above zero; fractions, negatives, zero and non-numbers are refused. */
export const wholeTaka = (label = 'Amount') =>
  z.preprocess(
    asNumber,
    z
      .number({ error: `${label} must be a whole number of taka` })
      .int(`${label} must be a whole number of taka`)
      .positive(`${label} must be more than zero`)
      .max(10_000_000, `${label} is too large`),
  );

/** An integer within bounds, with one message for every way of missing them. */
export const boundedInt = (min: number, max: number, message: string) =>
  z.preprocess(asNumber, z.number({ error: message }).int(message).min(min, message).max(max, message));

function asNumber(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value === undefined ? undefined : Number.NaN;
  return Number(value);
}

/**
 * Parses input with a schema; the first problem becomes the 400's message and every problem
 * goes into `errors` keyed by field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new Invalid(result.error.issues[0]?.message ?? 'Invalid input', errors);
}

/** A secret (password) as typed: never trimmed; empty is absent. */
export const optionalSecret = (max = 200) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : asText(value)), z.string().max(max, 'Too long').optional());

/** A required email address, trimmed; only its shape is checked. */
export const emailField = (message = 'Email is required') =>
  z.preprocess(asText, z.string({ error: message }).trim().min(1, message).max(254, 'Invalid email').regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email'));

/** A required mobile number: digits with an optional leading + and spaces or dashes. */
export const mobileField = (message = 'Mobile number is required') =>
  z.preprocess(asText, z.string({ error: message }).trim().min(1, message).regex(/^\+?[\d\s-]{6,20}$/, 'Invalid mobile number'));
