/**
 * What the console works out before it sends an edit and that is not a request's schema (those
 * run through `schema-problems.ts`): code files and pasted codes, a pasted YouTube
 * link, a new item's position. Pure: the unit tests hold the code checks to the server's reader.
 */

/** A form's problems by field name (the API's field names); empty when it may be sent. */
export type Problems<K extends string = string> = Partial<Record<K, string>>;

/** A number field as the form sends it: its trimmed digits (the server reads them), or absent when empty (the server's default). */
export const numberField = (value: string) => value.trim() || undefined;

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
