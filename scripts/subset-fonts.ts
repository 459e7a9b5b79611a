import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';

/**
 * `npx tsx scripts/subset-fonts.ts`: cuts the glyphs that the first load of any page shows and
 * no common system font has (the taka sign, ৳, and the English pages' switch to "বাংলা") out of
 * Noto Sans Bengali into one face of about a kilobyte, which the entry style sheet carries inline. The full Bengali face stays a
 * separate file that a browser fetches only for a page with Bengali text. Run again after a
 * change of `firstLoadText` or of the font package; the output is committed.
 */
const firstLoadText = '৳বাংলা';
const projectRoot = resolve(import.meta.dirname, '..');

const source = (weight: number) =>
  join(projectRoot, 'node_modules', '@fontsource', 'noto-sans-bengali', 'files', `noto-sans-bengali-bengali-${weight}-normal.woff2`);

// One weight: bold text gets a synthesised bold of it, which keeps the inline face to one small file.
const subset = await subsetFont(readFileSync(source(400)), firstLoadText, { targetFormat: 'woff2' });
const target = join(projectRoot, 'web', 'src', 'styles', 'fonts', 'first-load-bengali.woff2');
writeFileSync(target, subset);
console.log(`${target}: ${subset.length} bytes`);
