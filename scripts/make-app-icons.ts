import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './local/chromium';

/**
 * Draws the installed app's icons from the shop's logo (web/public/images/logo.svg: the orange to
 * pink gradient and the white diamond) in Chromium, into web/public/images: `icon-192.png` and
 * `icon-512.png` (the rounded logo as it is) and `icon-maskable-512.png` (the gradient to every
 * edge and the diamond inside the middle 60%, the safe zone a platform's mask never cuts).
 * Run again only when the logo changes: `npx tsx scripts/make-app-icons.ts`.
 */
const imagesDir = join(import.meta.dirname, '..', 'web', 'public', 'images');

const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a18"/><stop offset="1" stop-color="#e1005a"/></linearGradient></defs>';
const diamond = '<path d="M20 0h60l20 28-50 52L0 28z" fill="#fff"/>';

const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${gradient}<rect width="48" height="48" rx="12" fill="url(#g)"/><g transform="translate(9 12) scale(.3)">${diamond}</g></svg>`;
// The diamond (100 × 80 units) at 0.18 of a 48-unit square: 18 units wide, inside the 28.8-unit safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${gradient}<rect width="48" height="48" fill="url(#g)"/><g transform="translate(15 16.8) scale(.18)">${diamond}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body>`,
    );
    writeFileSync(join(imagesDir, icon.file), await page.locator('svg').screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
