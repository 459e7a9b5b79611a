import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniquePlayerId } from '../../support/admin';
import { settled, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { freshVoucher, fundedAccount } from '../../support/money';
import { projectRoot } from '../../support/spawn-stack';

/**
 * The shop in Bengali and in English (issue 26): the main journeys walked in each language, with a
 * check over everything the page shows (its text, its labels for screen readers, its title) that
 * finds no word of the other language outside the shop's and the shopper's own data (names of
 * games, packs and vouchers, player IDs, codes), brand names and the spec's fixed Bengali texts.
 */
const phone390 = { width: 390, height: 844 };
const screenshots = join(projectRoot, 'test-results', 'screenshots');

/** A catalog's Bengali by id, read from the PO files the build compiles, so that a test names controls as a Bengali shopper reads them. */
const bengali = new Map<string, string>();
const readCatalogs = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) readCatalogs(path);
    else if (entry.name === 'bn.po')
      for (const [, id, text] of readFileSync(path, 'utf8').matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm))
        bengali.set(id!, text!.replace(/\\"/g, '"'));
  }
};
readCatalogs(join(projectRoot, 'web', 'src'));
const bn = (id: string) => {
  const text = bengali.get(id);
  if (text === undefined) throw new Error(`No Bengali for ${id}`);
  return text;
};

/** Brand, product and key names, written in Latin letters in a Bengali shop too (and the switch's "English"). */
const brands = new Set([
  'bKash',
  'Nagad',
  'Upay',
  'Google',
  'Messenger',
  'WhatsApp',
  'Facebook',
  'TopUp',
  'Bazar',
  'PUBG',
  'UC',
  'Alt',
  'English',
]);

/** The spec's Bengali texts, which the English shop shows as written (the voucher confirmation and the quantity message). */
const specBengali = [/আপনি কি নিশ্চিত\?/g, /আপনি কি .+? এর .+? টি কোড .+? দিয়ে কিনতে চান\?/g, /\bনা\b|হ্যাঁ/g];

/** The words of the shop's own data a page received (every JSON answer of the API, its envelope's message aside). */
function collectData(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    if (!/\/api\/|\/config\.json/.test(response.url()) || !(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      const body = (await response.json()) as { data?: unknown };
      const data = JSON.stringify('data' in body ? body.data : body);
      for (const [word] of data.matchAll(/[A-Za-z][A-Za-z'’]*/g)) words.add(word);
    } catch {
      // A body gone with a navigation: nothing of it was shown.
    }
  });
  return words;
}

/** What the page shows a person and a screen reader: its visible text, the labels of what is visible, its title. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const labelled = [...document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')].filter((element) =>
      element.checkVisibility(),
    );
    return [
      document.title,
      // What is rendered, not what is hidden: innerText on purpose.
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked.
      document.body.innerText,
      ...labelled.flatMap((element) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? '')),
    ].join('\n');
  });

/** The Latin words a Bengali page shows that are neither the shop's data nor a brand. */
async function englishOnBengaliPage(page: Page, data: Set<string>, own: string[] = []): Promise<string[]> {
  const text = await shownText(page);
  const allowed = new Set([...data, ...brands, ...own.flatMap((value) => value.match(/[A-Za-z][A-Za-z'’]*/g) ?? [])]);
  return [...new Set([...text.matchAll(/[A-Za-z][A-Za-z'’]+/g)].map(([word]) => word).filter((word) => !allowed.has(word)))];
}

/** Bengali text drawn in a font stack without the Bengali face (a device with no Bengali font shows it as boxes). */
const bengaliWithoutFace = (page: Page) =>
  page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !/[\u0980-\u09FF]/.test(node.textContent ?? '') || !parent.checkVisibility()) continue;
      if (!getComputedStyle(parent).fontFamily.includes('Noto Sans Bengali'))
        found.add(`${parent.className || parent.tagName}: ${node.textContent}`);
    }
    return [...found];
  });

/** The Bengali an English page shows outside the spec's texts and the switch to Bengali. */
async function bengaliOnEnglishPage(page: Page): Promise<string[]> {
  let text = (await shownText(page)).replaceAll('বাংলা', '').replaceAll('৳', '');
  for (const pattern of specBengali) text = text.replace(pattern, '');
  return [...new Set([...text.matchAll(/[\u0980-\u09FF]+/g)].map(([word]) => word))];
}

/** Saves the screen, for a person to look at (test-results/screenshots/<name>-390.png). */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await settled(page);
  const file = join(screenshots, `${name}-390.png`);
  await page.screenshot({ path: file });
  expect(statSync(file).size).toBeGreaterThan(10_000);
}

/** A fresh player ID the fake supplier knows (it knows none ending in 0). */
const knownPlayerId = () => `${uniquePlayerId().slice(0, -1)}7`;

describe('the shop in Bengali and in English', () => {
  const browser = useBrowser();

  it('walks the main journeys in Bengali, with no English outside the data, brands and ids, in the Bengali face', async () => {
    const voucher = await freshVoucher(3, 100);
    const account = await fundedAccount(500, 'bangla');
    // The shopper's name, email and initials (the avatar), and the voucher's name.
    const initials = account.name
      .split(' ')
      .map((word) => word[0])
      .join('')
      .toUpperCase();
    const own = [account.name, account.email, initials, voucher.id];
    const { page, errors } = await browser.open('/', phone390, { locale: 'bn-BD', signedInAs: account.token });
    const data = collectData(page);
    const check = async (where: string) => {
      await settled(page);
      const english = await englishOnBengaliPage(page, data, own);
      expect(english, `${where}: ${english.join(' ')}`).toEqual([]);
      expect(await bengaliWithoutFace(page), where).toEqual([]);
    };
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page.goto('/');
    await page.getByTestId('category-grid').waitFor();
    await check('home');
    await shoot(page, 'bn-home');

    // Top up by player ID, the confirm step, the order.
    await page.goto('/category/free-fire');
    const form = page.locator('form.order-form');
    await form.locator('.plan-grid .plan-option:not(.skeleton)').first().waitFor();
    await check('game page');
    await shoot(page, 'bn-game');
    const playerId = knownPlayerId();
    await form.getByLabel(bn('catalog.playerId')).fill(playerId);
    await form.getByText('25 Diamonds', { exact: true }).click();
    await expect.poll(() => form.getByRole('radio', { name: new RegExp(bn('catalog.wallet')) }).isChecked()).toBe(true);
    await page.getByRole('button', { name: bn('catalog.buyNow') }).click();
    const confirm = page.getByRole('dialog', { name: bn('catalog.confirmTitle') });
    await confirm.waitFor();
    await check('confirm step');
    await shoot(page, 'bn-confirm');
    // Money in Bengali digits; the player ID as it is typed into the game.
    await confirm.getByText(playerId).waitFor();
    await confirm.getByRole('button', { name: bn('catalog.confirmAndPay').replace('{price}', '৳২২') }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    await check('orders');
    await page
      .locator('.data-table tbody tr', { hasText: playerId })
      .getByRole('link', { name: new RegExp(`^${bn('orders.orderLink').replace('{id}', '')}`) })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/order/'));
    await page.getByText(playerId).first().waitFor();
    await check('order page');
    await shoot(page, 'bn-order');

    // A voucher: the spec's Bengali confirmation, then the codes.
    await page.goto('/voucher/google-play');
    const card = page.locator('.voucher-card', { hasText: `Test voucher ${voucher.id}` });
    await card.waitFor();
    await check('voucher brand');
    await card.getByRole('button', { name: bn('vouchers.buy'), exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userCode');
    await page.locator('.code-purchase .voucher-code').first().waitFor();
    await check('codes');
    await shoot(page, 'bn-codes');

    // Add money, with the amount's own message.
    await page.goto('/profile/addMoney');
    const amount = page.locator('input[name="amount"]');
    await amount.fill('5');
    await check('add money');
    await shoot(page, 'bn-add-money');

    // Profile and the wallet's statement.
    await page.goto('/profile');
    await check('profile');
    await page.goto('/profile/userWallet');
    await page.locator('.data-table tbody tr').first().waitFor();
    await check('wallet statement');
    await shoot(page, 'bn-wallet');

    // Conjuncts and vowel signs shaped by the Bengali face: each cluster drawn narrower than its
    // letters apart (a face that does not shape them draws the parts side by side, or boxes).
    const shaped = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = '40px "Noto Sans Bengali"';
      const width = (text: string) => context.measureText(text).width;
      return ['ক্ষ', 'ত্র', 'ন্দ্র', 'ব্য'].map((cluster) => {
        const [first, ...rest] = cluster.split('\u09CD');
        return width(cluster) < width(`${first}\u09CD`) + width(rest.join('\u09CD'));
      });
    });
    expect(shaped).toEqual([true, true, true, true]);
    await page.evaluate(() => {
      const sample = Object.assign(document.createElement('p'), {
        id: 'bengali-sample',
        lang: 'bn',
        textContent: 'ক্ষ ত্র ন্দ্র ব্য কি কু কৃ ৳১২৩',
      });
      sample.style.cssText = 'font-size: 40px; margin: 16px; background: #fff';
      document.querySelector('main')!.prepend(sample);
    });
    await page.locator('#bengali-sample').screenshot({ path: join(screenshots, 'bn-conjuncts-390.png') });

    // The Bengali face is the one drawing (ক্ষ, ত্র, ন্দ্র, য-ফলা shaped by it, never boxes).
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'ক্ষত্রন্দ্র্য'))).toBe(true);
    expect(
      await page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Noto Sans Bengali') && face.status === 'loaded')),
    ).toBe(true);
    expect(errors).toEqual([]);
  }, 240_000);

  it('signs in, registers and sends a reset link in Bengali', async () => {
    const { page, errors } = await browser.open('/', phone390, { locale: 'bn-BD' });
    const data = collectData(page);
    await page.goto('/login');
    const check = async (where: string) => {
      await settled(page);
      const english = await englishOnBengaliPage(page, data);
      expect(english, `${where}: ${english.join(' ')}`).toEqual([]);
    };
    await page.getByRole('button', { name: bn('auth.submit') }).click();
    await check('login, nothing typed');
    await shoot(page, 'bn-login');
    await page.goto('/register');
    await page.getByRole('button', { name: bn('auth.submit') }).click();
    await check('register, nothing typed');
    await shoot(page, 'bn-register');
    await page.goto('/forgot-password');
    await page.locator('input[name="email"]').fill('nobody@example.com');
    await page.getByRole('button', { name: bn('auth.forgot.send') }).click();
    // The server's English answer, shown in the SPA's Bengali.
    await page.getByRole('status').getByText(bn('If an account has this email, we sent it a link to set a new password.')).waitFor();
    await check('forgot password, sent');
    await shoot(page, 'bn-forgot-password');
    expect(errors).toEqual([]);
  });

  it('walks them in English with no Bengali outside the spec texts', async () => {
    const voucher = await freshVoucher(2, 100);
    const account = await fundedAccount(300, 'english');
    const { page, errors } = await browser.open('/', phone390, { signedInAs: account.token });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const check = async (where: string) => {
      await settled(page);
      const bengaliWords = await bengaliOnEnglishPage(page);
      expect(bengaliWords, `${where}: ${bengaliWords.join(' ')}`).toEqual([]);
    };
    await page.getByTestId('category-grid').waitFor();
    await check('home');
    await page.goto('/category/free-fire');
    const form = page.locator('form.order-form');
    await form.getByLabel('Player ID').fill(knownPlayerId());
    await form.getByText('25 Diamonds', { exact: true }).click();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Confirm your top-up' }).waitFor();
    await check('confirm step');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm and pay ৳22' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userOrder');
    await check('orders');
    await page.goto('/voucher/google-play');
    const card = page.locator('.voucher-card', { hasText: `Test voucher ${voucher.id}` });
    await card.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/userCode');
    await check('codes');
    for (const path of ['/profile/addMoney', '/profile', '/profile/userWallet', '/login', '/register', '/forgot-password']) {
      await page.goto(path);
      await check(path);
    }
    expect(errors).toEqual([]);
  }, 240_000);

  it('switches in one tap, keeping the page and what was typed, without a reload, and remembers the choice', async () => {
    const account = await fundedAccount(100, 'switch');
    const { page, errors } = await browser.open('/category/free-fire', phone390, { signedInAs: account.token });
    const form = page.locator('form.order-form');
    const playerId = knownPlayerId();
    await form.getByLabel('Player ID').fill(playerId);
    await form.getByText('25 Diamonds', { exact: true }).click();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.locator('.header-strip').getByRole('button', { name: 'বাংলা' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await form.getByLabel(bn('catalog.playerId')).waitFor();
    expect(await form.getByLabel(bn('catalog.playerId')).inputValue()).toBe(playerId);
    expect(await form.getByRole('radio', { name: /^25 Diamonds/ }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: bn('catalog.buyNow') }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await shoot(page, 'bn-switched');

    // Kept on the device and on the account (the mails' language).
    expect(await page.evaluate(() => localStorage.getItem('shop.language'))).toBe('bn');
    await page.reload();
    await form.getByLabel(bn('catalog.playerId')).waitFor();
    await expect
      .poll(
        async () =>
          (await callApi<{ data: { language: string } }>('/user/user_data', { token: account.token, form: {} })).body.data.language,
      )
      .toBe('bn');

    await page.locator('.header-strip').getByRole('button', { name: 'English' }).click();
    await form.getByLabel('Player ID').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);

    // Another device, whose browser is English and which never chose: signing in takes the account's Bengali.
    await expect
      .poll(
        async () =>
          (await callApi<{ data: { language: string } }>('/user/user_data', { token: account.token, form: {} })).body.data.language,
      )
      .toBe('en');
    await callApi('/user/language', { token: account.token, form: { language: 'bn' } });
    const other = await browser.open('/login', phone390);
    await other.page.locator('input[name="email"]').fill(account.email);
    await other.page.locator('input[name="password"]').fill(account.password);
    await other.page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(other.errors).toEqual([]);
  });
});
