import { describe, expect, it } from 'vitest';
import { phone, useBrowser } from '../../support/browser';

const seededCategories = [
  'Free Fire',
  'PUBG Mobile',
  'Mobile Legends',
  'Google Play gift cards',
  'iTunes gift cards',
  'Steam wallet codes',
  'UniPin vouchers',
];

describe('home page', () => {
  const browser = useBrowser();

  it('shows the seeded banner and category grid, read through the API', async () => {
    const { page, errors } = await browser.open('/');
    const grid = page.getByTestId('category-grid');
    await grid.waitFor();
    const names = await grid.locator('.category-name').allTextContents();
    expect(names).toEqual(seededCategories);
    await page.getByRole('button', { name: 'Free Fire Diamonds' }).first().waitFor();
    await page.locator('#preloader').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it("runs under the shop's Content-Security-Policy, with nothing refused", async () => {
    const { page, errors } = await browser.open('/');
    const response = await page.goto('/');
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response!.headers()['strict-transport-security']).toContain('includeSubDomains');
    await page.getByTestId('category-grid').waitFor();
    await page.locator('#preloader').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('opens the slide link of a banner event', async () => {
    const { page } = await browser.open('/');
    await page.getByRole('button', { name: 'Free Fire Diamonds' }).first().click();
    await page.waitForURL('**/category/free-fire');
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = await browser.open('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.title()).toContain('TopUp Bazar');
  });

  it('shows the bottom bar with Login on a phone and lists the games in the Games menu', async () => {
    const { page } = await browser.open('/', phone);
    const bar = page.getByRole('navigation', { name: 'Quick' });
    await bar.waitFor();
    expect(await bar.getByRole('link').allTextContents()).toEqual(['Home', 'Orders', 'Codes', 'Login']);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Games' }).click();
    await page.getByRole('menu').getByRole('link').first().waitFor();
    expect(await page.getByRole('menu').getByRole('link').allTextContents()).toEqual(seededCategories);
  });

  it('scrolls to the top on a route change', async () => {
    const { page } = await browser.open('/');
    await page.getByTestId('category-grid').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await page.waitForURL('**/terms-and-condition');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
