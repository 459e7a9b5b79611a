/**
 * The checks the console runs before it sends an edit, worded as the server words its 400s
 * (functions/admin/handlers/*, functions/admin/input.ts), and the reading of code files. Pure:
 * the forms use them and the unit tests hold them to the server's messages.
 */
import { imageReferencePattern, maxUploadBytes, uploadMessages, uploadTypes } from '@contract/rules';

/** A form's problems by field name (the API's field names); empty when it may be sent. */
export type Problems<K extends string = string> = Partial<Record<K, string>>;

const httpsPattern = /^https:\/\/[^\s"'<>]+$/;

/** The image types an operator may upload (the server's list; it refuses the rest). */
export const uploadMimeTypes = Object.keys(uploadTypes);

/** Why this file cannot be uploaded as an image, or undefined. */
export function uploadProblem(file: { type: string; size: number }): string | undefined {
  if (!uploadMimeTypes.includes(file.type)) return uploadMessages.type;
  if (file.size > maxUploadBytes) return uploadMessages.size;
  if (file.size === 0) return 'The file is empty';
  return undefined;
}

/** A required text: trimmed, not empty, at most `max` characters. */
export function requiredText(value: string, message: string, max: number): string | undefined {
  const text = value.trim();
  if (!text) return message;
  if (text.length > max) return `${message} (too long)`;
  return undefined;
}

/** An optional text of at most `max` characters. */
export const optionalText = (value: string, max: number) => (value.trim().length > max ? 'Too long' : undefined);

/** A required image field. */
export function imageProblem(value: string, label = 'Image'): string | undefined {
  const text = value.trim();
  if (!text) return `${label} is required`;
  if (text.length > 1000 || !imageReferencePattern.test(text)) return `${label} must be an uploaded image or an https link`;
  return undefined;
}

/** An optional image field (a blog post's, a popup's). */
export const optionalImageProblem = (value: string, message = 'Image must be an uploaded image or an https link') =>
  value.trim() && (value.trim().length > 1000 || !imageReferencePattern.test(value.trim())) ? message : undefined;

/** A link that must be https; `required` when the server cannot empty it once set. */
export function linkProblem(value: string, label: string, required = false): string | undefined {
  const text = value.trim();
  if (!text) return required ? `${label} cannot be emptied: enter another https link` : undefined;
  if (text.length > 1000 || !httpsPattern.test(text)) return `${label} must be an https link`;
  return undefined;
}

/** Numbers as the server reads them from a form: digits, an optional sign and fraction. */
const numeric = /^-?\d+(\.\d+)?$/;

/** Whether a field holds a whole number within bounds (the server's `boundedInt`). */
const isBoundedInt = (value: string, min: number, max: number) => {
  const text = value.trim();
  const number = Number(text);
  return numeric.test(text) && Number.isInteger(number) && number >= min && number <= max;
};

/** A price: a whole number of taka above zero (the server's `wholeTaka('Price')`). */
export function priceProblem(value: string, label = 'Price'): string | undefined {
  const text = value.trim();
  const amount = Number(text);
  if (!numeric.test(text) || !Number.isInteger(amount)) return `${label} must be a whole number of taka`;
  if (amount < 1) return `${label} must be more than zero`;
  if (amount > 10_000_000) return `${label} is too large`;
  return undefined;
}

/** A list position: empty (0) or a whole number from 0 to 9999. */
export const positionProblem = (value: string) =>
  value.trim() && !isBoundedInt(value, 0, 9999) ? 'Position must be a whole number from 0 to 9999' : undefined;

/** A plan's diamonds: empty (0) or a whole number up to a million. */
export const diamondsProblem = (value: string) =>
  value.trim() && !isBoundedInt(value, 0, 1_000_000) ? 'Diamonds must be a whole number' : undefined;

/** A number field as the API takes it: trimmed digits, or absent when empty. */
export const numberField = (value: string) => (value.trim() ? Number(value.trim()) : undefined);

/** The position after the last of these items: where a new one goes. */
export const nextPosition = (items: { position: number }[]) =>
  String(
    Math.min(
      9999,
      items.reduce((max, item) => Math.max(max, item.position + 1), 0),
    ),
  );

/** Brands whose codes the shop sells are master categories whose name ends with a full stop. */
export const isCodeBrand = (category: { cname: string }) => category.cname.trim().endsWith('.');

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube id from what an operator pasted: the id itself, or a watch, share, embed or shorts link. */
export function youtubeIdOf(text: string): string {
  const value = text.trim();
  if (youtubeId.test(value)) return value;
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    const candidate =
      host === 'youtu.be'
        ? url.pathname.slice(1)
        : host === 'youtube.com'
          ? (url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean)[1] ?? '')
          : '';
    if (youtubeId.test(candidate)) return candidate;
  } catch {
    // not a link
  }
  return value;
}

export interface BlogDraft {
  title: string;
  type: 'image' | 'video';
  image: string;
  youtube_id: string;
  content: string;
}

/** A blog post's problems, in the server's words. */
export function blogPostProblems(post: BlogDraft): Problems<keyof BlogDraft> {
  const id = youtubeIdOf(post.youtube_id);
  return prune({
    title: requiredText(post.title, 'Title is required', 200),
    image: optionalImageProblem(post.image) ?? (post.type === 'image' && !post.image.trim() ? 'An image post needs an image' : undefined),
    youtube_id:
      id && !youtubeId.test(id)
        ? 'A YouTube id is 11 letters, digits, - or _'
        : post.type === 'video' && !id
          ? 'A video post needs a YouTube id'
          : undefined,
    content: post.content.length > 50_000 ? 'Too long' : undefined,
  });
}

export interface SocialLink {
  name: string;
  url: string;
}

/** The social links' problems: each row's name and https URL, at most ten rows. */
export function socialProblems(links: SocialLink[]): { list?: string; rows: Problems<'name' | 'url'>[] } {
  const rows = links.map((link) =>
    prune({
      name: requiredText(link.name, 'A name is required', 40),
      url: !httpsPattern.test(link.url.trim()) ? 'A social link must be https' : undefined,
    }),
  );
  return { list: links.length > 10 ? 'At most 10 social links' : undefined, rows };
}

/** The most codes one upload may carry, and the longest code (the server's limits). */
export const maxCodesPerUpload = 1000;
const maxCodeLength = 200;

/** The codes of a pasted text: one a line, trimmed, blank lines skipped (as the server reads them). */
export const codeLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** What is wrong with an upload of these codes before sending, in the server's words. */
export function codesProblem(text: string): string | undefined {
  const lines = codeLines(text);
  if (lines.length === 0) return 'Paste at least one code';
  if (lines.length > maxCodesPerUpload) return `At most ${maxCodesPerUpload} codes an upload`;
  if (lines.some((line) => line.length > maxCodeLength)) return `A code is longer than ${maxCodeLength} characters`;
  return undefined;
}

/** The first field of a CSV line: unquoted up to the first comma, or quoted with "" for a quote. */
function firstCsvField(line: string): string {
  const text = line.trim();
  if (!text.startsWith('"')) return text.split(',')[0]!.trim();
  let field = '';
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      break;
    } else {
      field += char;
    }
  }
  return field.trim();
}

/**
 * The codes of a dropped or chosen file, one a line: a .txt file as it is, a .csv file's first
 * column (a header row named "code" or "codes" is skipped). A byte-order mark is dropped.
 */
export function codesFromFile(name: string, text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/\.csv$/i.test(name)) return lines.join('\n').trim();
  const firsts = lines.map(firstCsvField).filter(Boolean);
  if (/^codes?$/i.test(firsts[0] ?? '')) firsts.shift();
  return firsts.join('\n');
}

/** The largest code file the console reads (1000 codes of 200 characters fit with room). */
export const maxCodeFileBytes = 1024 * 1024;

/** Drops the fields without a problem. */
export function prune<K extends string>(problems: Partial<Record<K, string | undefined>>): Problems<K> {
  return Object.fromEntries(Object.entries(problems).filter(([, value]) => value !== undefined)) as Problems<K>;
}
