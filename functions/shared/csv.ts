/**
 * CSV as the console's exports write it (RFC 4180), with a byte-order mark so that a spreadsheet
 * opens Bengali names as UTF-8.
 */

/** A cell: quoted when it holds a comma, a quote or a line break; a text a spreadsheet would run as a formula is kept text. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then the rows, each line ended by CRLF. */
export const csvText = (header: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
