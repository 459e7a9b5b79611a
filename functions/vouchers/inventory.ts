import { createHash } from 'node:crypto';
import { Invalid } from '../shared/errors';

/** The most codes one upload may carry. */
export const maxCodesPerUpload = 1000;

/** The longest code accepted; gift-card codes are far shorter. */
const maxCodeLength = 200;

/** A code as the inventory keeps it: the code and the hash its claim is keyed by. */
export interface NewCode {
  code: string;
  hash: string;
}

/** The claim key of a code: SHA-256 of the trimmed code, so that the claim never holds the code itself. */
export const codeHash = (code: string) => createHash('sha256').update(code, 'utf8').digest('base64url');

/**
 * Reads an upload: one code a line (any line ending), trimmed, blank lines skipped, at most
 * 1000 codes. A code repeated within the upload counts once, the rest as duplicates.
 */
export function parseCodes(text: string): { codes: NewCode[]; duplicates: number } {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) throw new Invalid('Paste at least one code', { codes: 'Paste at least one code' });
  if (lines.length > maxCodesPerUpload)
    throw new Invalid(`At most ${maxCodesPerUpload} codes an upload`, { codes: `At most ${maxCodesPerUpload} codes an upload` });
  const tooLong = lines.find((line) => line.length > maxCodeLength);
  if (tooLong)
    throw new Invalid(`A code is longer than ${maxCodeLength} characters`, { codes: `A code is longer than ${maxCodeLength} characters` });
  const seen = new Map<string, NewCode>();
  for (const code of lines) if (!seen.has(code)) seen.set(code, { code, hash: codeHash(code) });
  return { codes: [...seen.values()], duplicates: lines.length - seen.size };
}

/** What an operator may see of a code: its last four characters. */
export const maskCode = (code: string) => `•••• ${code.slice(-4)}`;

/** A voucher with this many unsold codes or fewer is low on stock (the dashboard's list, the operators' alert). */
export const lowStockMark = 5;
