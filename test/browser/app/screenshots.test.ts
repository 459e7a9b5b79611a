import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktop, phone, settled, useBrowser } from '../../support/browser';
import { projectRoot } from '../../support/spawn-stack';

/** Where the pictures go for a person to look at (test-results/ is git-ignored). */
const folder = join(projectRoot, 'test-results', 'screenshots');

const pages = [
  { name: 'home', path: '/', ready: '[data-testid="category-grid"]' },
  { name: 'category', path: '/category/free-fire?group=ff-uid', ready: '.plan-grid .plan-option:not(.skeleton)' },
  { name: 'voucher', path: '/voucher/itunes', ready: '[data-testid="voucher-list"]' },
  { name: 'blogs', path: '/blogs', ready: '[data-testid="blog-list"]' },
];

describe('screenshots of the shop pages', () => {
  const browser = useBrowser();
  mkdirSync(folder, { recursive: true });

  for (const { name, path, ready } of pages) {
    for (const viewport of [phone, desktop]) {
      it(`saves ${name} at ${viewport.width} px, with nothing wider than the screen`, async () => {
        const { page, errors } = await browser.open('/', viewport);
        // Still pictures: the sliders stay on their first slide.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

        // The whole page as one tall screen, so that the phone's fixed bottom bar sits at the end, not midway.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: viewport.width, height });
        const file = join(folder, `${name}-${viewport.width}.png`);
        await page.screenshot({ path: file });
        expect(statSync(file).size).toBeGreaterThan(10_000);
        expect(errors).toEqual([]);
      });
    }
  }
});
