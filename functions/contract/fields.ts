/**
 * The field builders of the request schemas (`./accounts.ts`, `./admin-catalog.ts`, …): one
 * message per way a field can be wrong, the words the API answers in its 400s and the console
 * shows under its fields. Pure: valibot only, so that the Lambda bundles and the SPA can carry it.
 */
import * as v from 'valibot';
import { imageReferencePattern, maxUploadBytes, uploadMessages, uploadTypes } from './rules';

/**
 * Any value: `v.unknown()`, since a builder reads the value itself and words its own messages,
 * but typed as what a sender passes, so that `v.InferInput` of a schema is the request a client writes.
 */
const sent = <T>() => v.unknown() as v.GenericSchema<T, unknown, never>;

/** What a number field may be sent as: a number, or its digits as a form carries them. */
type NumberInput = number | string;

/** A '1'/'0' switch as a form or JSON carries it. */
type FlagInput = '1' | '0' | 1 | 0;

/** Form fields arrive as strings (multipart, urlencoded) or as JSON scalars; treat both alike. */
const asText = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

/** Empty form fields are absent. */
const absentIfEmpty = (value: unknown) => (value === '' || value === null ? undefined : asText(value));

function asNumber(value: unknown): unknown {
  if (typeof value === 'number' || value === undefined) return value;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number.NaN;
  return Number(value);
}

/** What an id from a URL or a form may look like; anything else is a 400 before any lookup. */
export const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

const httpsPattern = /^https:\/\/[^\s"'<>]+$/;

/** A required text field: trimmed, not empty. */
export const requiredText = (message: string, max = 200) =>
  v.pipe(
    sent<string>(),
    v.transform(asText),
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, `${message} (too long)`),
  );

const optionalTextValue = (max: number) =>
  v.pipe(sent<string>(), v.transform(absentIfEmpty), v.optional(v.pipe(v.string('Must be text'), v.trim(), v.maxLength(max, 'Too long'))));

/** An optional text field; empty becomes undefined. */
export const optionalText = (max = 200) => v.optional(optionalTextValue(max));

/** A secret (password) as typed: never trimmed; empty is absent. */
export const optionalSecret = (max = 200) =>
  v.optional(
    v.pipe(sent<string>(), v.transform(absentIfEmpty), v.optional(v.pipe(v.string('Must be text'), v.maxLength(max, 'Too long')))),
  );

/** An id from a form or the path; malformed ids are refused before any lookup. */
export const idField = (label: string) =>
  v.pipe(sent<string>(), v.transform(asText), v.string(`${label} is required`), v.regex(idPattern, `Invalid ${label}`));

/** A whole number of taka, as a form or JSON sends it. */
const wholeNumberOfTaka = (label: string) =>
  v.pipe(
    sent<NumberInput>(),
    v.transform(asNumber),
    v.number(`${label} must be a whole number of taka`),
    v.integer(`${label} must be a whole number of taka`),
  );

/** A whole number of taka above zero; fractions, negatives, zero and non-numbers are refused. */
export const wholeTaka = (label = 'Amount') =>
  v.pipe(wholeNumberOfTaka(label), v.minValue(1, `${label} must be more than zero`), v.maxValue(10_000_000, `${label} is too large`));

/** A whole number of taka that may be negative (a debit) but not zero: an operator's adjustment. */
export const signedWholeTaka = (label = 'Amount') =>
  v.pipe(
    wholeNumberOfTaka(label),
    v.check((amount) => amount !== 0, `${label} must not be zero`),
    v.minValue(-10_000_000, `${label} is too large`),
    v.maxValue(10_000_000, `${label} is too large`),
  );

/** An integer within bounds, with one message for every way of missing them. */
export const boundedInt = (min: number, max: number, message: string) =>
  v.pipe(
    sent<NumberInput>(),
    v.transform(asNumber),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

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

/** A '1'/'0' switch, as the wire's digit. */
export const flagField = (message: string) => v.pipe(sent<FlagInput>(), v.transform(String), v.picklist(['1', '0'], message));

/** The shop's languages: the SPA's and the mails' (Bengali or English). */
export const languages = ['bn', 'en'] as const;
export type Language = (typeof languages)[number];

/** A shopper's language as a form sends it. */
export const languageField = v.picklist(languages, 'Language must be bn or en');

/** `{id}` of a path. */
export const idParams = v.object({ id: idField('id') });

/** A list's `?cursor=` and `?limit=` (1 to 100 a page, 50 when absent). */
export const pageQuery = { cursor: optionalText(2000), limit: v.optional(boundedInt(1, 100, 'Limit must be from 1 to 100'), 50) };

/** An image or logo: a path on the shop's origin (/uploads/…, /images/…) or an https URL. */
export const imageField = (label: string) =>
  v.pipe(requiredText(`${label} is required`, 1000), v.regex(imageReferencePattern, `${label} must be an uploaded image or an https link`));

/** An image that may be left out (a blog post's, a popup's). */
export const optionalImageField = (message: string) =>
  v.pipe(
    optionalText(1000),
    v.check((image) => image === undefined || imageReferencePattern.test(image), message),
  );

/** A link: an https URL, or empty. */
export const linkField = (label: string) =>
  v.pipe(
    optionalText(1000),
    v.check((link) => link === undefined || httpsPattern.test(link), `${label} must be an https link`),
  );

/** A list position (smaller first). */
export const positionField = v.optional(boundedInt(0, 9999, 'Position must be a whole number from 0 to 9999'), 0);

/** An id of an item to change; absent for a new one. */
export const optionalId = v.pipe(
  optionalText(64),
  v.check((id) => id === undefined || idPattern.test(id), 'Invalid id'),
);

/** HTML as an operator writes it: stored as written, sanitised where it is shown. */
export const htmlField = (max = 50_000) =>
  v.optional(
    v.pipe(
      optionalTextValue(max),
      v.transform((html) => html ?? ''),
    ),
    '',
  );

/**
 * Gives an object input every field its schema names (missing ones as undefined), so that a
 * missing field gets its own message ("Required Field") rather than a generic one about the key.
 */
export function withEveryField(schema: v.GenericSchema, input: unknown): unknown {
  const root = (schema as { pipe?: unknown[] }).pipe?.[0] ?? schema;
  const entries = (root as { entries?: Record<string, unknown> }).entries;
  if (!entries || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...input };
}

/** A refused input's first message per field (`a.b` for nested ones, `body` for the whole). */
export function messagesByField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

const uploadTypeNames = Object.keys(uploadTypes) as (keyof typeof uploadTypes)[];

/** A permit asked for to upload one image (an operator's picture, a shopper's screenshot): its type and size. */
export const imageUploadBody = v.object({
  content_type: v.picklist(uploadTypeNames, uploadMessages.type),
  size: boundedInt(1, maxUploadBytes, uploadMessages.size),
});
