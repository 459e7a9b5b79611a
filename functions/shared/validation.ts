import * as v from 'valibot';
import { Invalid } from './errors';
import { idPattern } from './ids';

/** Form fields arrive as strings (multipart, urlencoded) or as JSON scalars; treat both alike. */
const asText = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

/** Empty form fields are absent. */
const absentIfEmpty = (value: unknown) => (value === '' || value === null ? undefined : asText(value));

function asNumber(value: unknown): unknown {
  if (typeof value === 'number' || value === undefined) return value;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number.NaN;
  return Number(value);
}

/** A required text field: trimmed, not empty. */
export const requiredText = (message: string, max = 200) =>
  v.pipe(v.unknown(), v.transform(asText), v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, `${message} (too long)`));

/** An optional text field; empty becomes undefined. */
export const optionalText = (max = 200) =>
  v.pipe(v.unknown(), v.transform(absentIfEmpty), v.optional(v.pipe(v.string('Must be text'), v.trim(), v.maxLength(max, 'Too long'))));

/** A secret (password) as typed: never trimmed; empty is absent. */
export const optionalSecret = (max = 200) =>
  v.pipe(v.unknown(), v.transform(absentIfEmpty), v.optional(v.pipe(v.string('Must be text'), v.maxLength(max, 'Too long'))));

/** An id from a form or the path; malformed ids are refused before any lookup. */
export const idField = (label: string) =>
  v.pipe(v.unknown(), v.transform(asText), v.string(`${label} is required`), v.regex(idPattern, `Invalid ${label}`));

/** A whole number of taka above zero; fractions, negatives, zero and non-numbers are refused. */
export const wholeTaka = (label = 'Amount') =>
  v.pipe(
    v.unknown(),
    v.transform(asNumber),
    v.number(`${label} must be a whole number of taka`),
    v.integer(`${label} must be a whole number of taka`),
    v.minValue(1, `${label} must be more than zero`),
    v.maxValue(10_000_000, `${label} is too large`),
  );

/** A whole number of taka that may be negative (a debit) but not zero: an operator's adjustment. */
export const signedWholeTaka = (label = 'Amount') =>
  v.pipe(
    v.unknown(),
    v.transform(asNumber),
    v.number(`${label} must be a whole number of taka`),
    v.integer(`${label} must be a whole number of taka`),
    v.check((amount) => amount !== 0, `${label} must not be zero`),
    v.minValue(-10_000_000, `${label} is too large`),
    v.maxValue(10_000_000, `${label} is too large`),
  );

/** An integer within bounds, with one message for every way of missing them. */
export const boundedInt = (min: number, max: number, message: string) =>
  v.pipe(v.unknown(), v.transform(asNumber), v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required email address, trimmed; only its shape is checked. */
export const emailField = (message = 'Email is required') => v.pipe(requiredText(message, 254), v.regex(emailPattern, 'Invalid email'));

/** An optional email address: absent, or of an email's shape. */
export const optionalEmail = () =>
  v.pipe(
    optionalText(254),
    v.check((email) => email === undefined || emailPattern.test(email), 'Invalid email'),
  );

/** A required mobile number: digits with an optional leading + and spaces or dashes. */
export const mobileField = (message = 'Mobile number is required') =>
  v.pipe(requiredText(message, 40), v.regex(/^\+?[\d\s-]{6,20}$/, 'Invalid mobile number'));

/**
 * Gives an object input every field its schema names (missing ones as undefined), so that a
 * missing field gets its own message ("Required Field") rather than a generic one about the key.
 */
function withEveryField(schema: Schema, input: unknown): unknown {
  const root = (schema as { pipe?: unknown[] }).pipe?.[0] ?? schema;
  const entries = (root as { entries?: Record<string, unknown> }).entries;
  if (!entries || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...input };
}

/** Any schema, for the handler stack's typing. */
export type Schema = v.GenericSchema;

/** What a schema produces. */
export type Output<S extends Schema> = v.InferOutput<S>;

/**
 * Parses input with a schema; the first problem becomes the 400's message and every problem
 * goes into `errors` keyed by field.
 */
export function parseInput<S extends Schema>(schema: S, input: unknown): Output<S> {
  const result = v.safeParse(schema, withEveryField(schema, input ?? {}));
  if (result.success) return result.output;
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new Invalid(result.issues[0]?.message ?? 'Invalid input', errors);
}
