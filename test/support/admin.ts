import { randomInt } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { TestAccount } from './accounts';
import { settled } from './browser';
import { callApi } from './http';
import { projectRoot } from './spawn-stack';

/** Logs the stack's seeded admin in through the API; answers the session token. */
export async function logInAdmin(): Promise<string> {
  const { admin } = inject('stack').logins;
  const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.authToken;
}

/** A fresh 10-digit player ID the nickname stand-in knows (it answers "not found" to IDs ending in 0). */
export const uniquePlayerId = () => `${randomInt(1e8, 1e9)}${randomInt(1, 10)}`;

/** A wallet order of the 25-diamond plan (৳22) by player ID, as the shop places it; answers its id. */
export async function placeUidOrder(buyer: TestAccount, playerId: string): Promise<string> {
  const response = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: { plan_id: 'ff-25', saccount_id: playerId, paid_from_wallet: 22 },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.order_id;
}

/** How far the page is wider than the screen (0 or less: no horizontal scrolling). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A console page to visit: its path, and a selector that is there once the page has loaded. */
export interface Section {
  path: string;
  ready: string;
}

/** Visits each section and expects it to fit the page's width, with no sideways scrolling. */
export async function expectSectionsFit(page: Page, sections: Section[]): Promise<void> {
  for (const { path, ready } of sections) {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await settled(page);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
}

const screenshots = join(projectRoot, 'test-results', 'screenshots');

/**
 * Saves a full-page screenshot of each section at the viewport's width, to
 * test-results/screenshots/<name>-<width>.png, each fitting that width.
 */
export async function saveScreenshots(
  page: Page,
  viewport: { width: number; height: number },
  sections: (Section & { name: string })[],
): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const { name, path, ready } of sections) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await settled(page);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
    const file = join(screenshots, `${name}-${viewport.width}.png`);
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(10_000);
  }
}
