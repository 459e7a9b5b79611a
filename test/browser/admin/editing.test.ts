import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { AdminContent, AdminSiteSettings, MaskedCodes } from '@contract/admin-wire';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectSectionsFit, logInAdmin, saveScreenshots, sidewaysOverflow } from '../../support/admin';
import { desktop, phone, signIn, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { balanceOf, freshVoucher, fundedAccount } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

/** An admin write through the API (setting up or putting back what a test changed). */
async function adminPost<T = unknown>(path: string, form: Record<string, string | number> = {}): Promise<T> {
  const response = await callApi<{ data: T }>(path, { token: adminToken, form });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.data;
}

/** Deletes an item if it is still there (a test's own data, in `finally`). */
const deleteIfThere = (kind: string, id: string | undefined) =>
  id ? callApi(`/admin/${kind}/${id}/delete`, { method: 'POST', token: adminToken }) : undefined;

const currentSettings = async () => (await callApi<{ data: AdminContent }>('/admin/content', { token: adminToken })).body.data.settings;

/** A tag that makes this run's names and codes its own. */
const uniqueTag = () => randomBytes(3).toString('hex').toUpperCase();

/** A PNG of random pixels (so it does not compress): about width × height × 3 bytes. */
function noisyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('editing the shop from the admin console', () => {
  const browser = useBrowser();

  it('uploads a batch of codes for a new voucher, voids one, and a shopper buys one of the rest', async () => {
    const tag = uniqueTag();
    const codes = [`GC-${tag}-AAAA1`, `GC-${tag}-BBBB2`, `GC-${tag}-CCCC3`];
    const csvCodes = [`GC-${tag}-DDDD4`, `GC-${tag}-AAAA1`];
    const brand = await adminPost<{ id: string }>('/admin/master_categories', {
      cname: `Test cards ${tag}.`,
      image: '/images/google-play.svg',
      position: 950,
    });
    let voucherId: string | undefined;
    try {
      const { page, errors } = await browser.open('/admin', desktop, { signedInAs: adminToken });
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Vouchers' }).click();
      await page
        .getByRole('navigation', { name: 'Brands' })
        .getByRole('link', { name: `Test cards ${tag}.` })
        .click();
      await page.getByText('No vouchers in this brand yet.').waitFor();
      await page.getByRole('button', { name: `Add a voucher to Test cards ${tag}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a voucher' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Name is required').waitFor();
      await dialog.getByText('Price must be a whole number of taka').waitFor();
      await dialog.getByText('Image is required').waitFor();
      await dialog.getByLabel('Name').fill(`Test card ৳50 ${tag}`);
      await dialog.getByLabel('Price in taka').fill('50');
      await dialog.getByLabel('Image path or link').fill('/images/voucher-gp-500.svg');
      await dialog
        .getByLabel('Rules (HTML)', { exact: true })
        .fill('<p>Redeem <strong>within a year</strong>.</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1">');
      const preview = dialog.getByRole('region', { name: 'Rules (HTML) preview' });
      await preview.getByText('within a year').waitFor();
      await expect.poll(() => preview.locator('script, [onerror]').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');
      const row = page.locator('.admin-table tbody tr', { hasText: `Test card ৳50 ${tag}` });
      await row.getByRole('link', { name: '0 codes' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/codes' && url.searchParams.has('voucher'));
      voucherId = new URL(page.url()).searchParams.get('voucher')!;

      // Pasted codes (one repeated, a blank line) and a CSV file (first column; one already pasted).
      const box = page.getByLabel('Codes, one a line');
      await box.fill(`${codes.join('\n')}\n\n${codes[0]}\n`);
      await page.getByText('4 codes (at most 1000').waitFor();
      await page.getByLabel('Choose a code file').setInputFiles({
        name: 'batch.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`code,pin\n${csvCodes.map((code) => `"${code}",1234`).join('\r\n')}\r\n`),
      });
      await page.getByText('6 codes (at most 1000').waitFor();
      await page.getByRole('button', { name: 'Add 6 codes' }).click();
      await page.getByText('Added 4, duplicates 2, stock 4').waitFor();
      await toast(page, '4 codes added, 2 duplicates skipped');
      await expect.poll(() => box.inputValue()).toBe('');
      const codeRows = page.locator('.code-table tbody tr');
      await codeRows.nth(3).waitFor();
      await expect.poll(() => codeRows.count()).toBe(4);
      const html = await page.content();
      for (const code of [...codes, ...csvCodes]) expect(html).not.toContain(code);
      expect((await codeRows.locator('.masked-code').allTextContents()).sort()).toEqual([
        '•••• AAA1',
        '•••• BBB2',
        '•••• CCC3',
        '•••• DDD4',
      ]);

      // The same batch again adds nothing; a refused send keeps what was typed.
      await box.fill(codes.join('\n'));
      await page.getByRole('button', { name: 'Add 3 codes' }).click();
      await page.getByText('Added 0, duplicates 3, stock 4').waitFor();
      await box.fill(`${'X'.repeat(201)}`);
      await page.getByRole('button', { name: 'Add 1 codes' }).click();
      await page.getByText('A code is longer than 200 characters').waitFor();
      await expect.poll(() => box.inputValue()).toBe('X'.repeat(201));
      await box.fill('');

      // Void the code ending CCC3.
      await codeRows.filter({ hasText: 'CCC3' }).getByRole('button', { name: 'Void' }).click();
      const voidDialog = page.getByRole('dialog', { name: 'Void code' });
      await voidDialog.getByText('•••• CCC3').waitFor();
      await voidDialog.getByRole('button', { name: 'Void code' }).click();
      await toast(page, 'Code voided');
      await codeRows.filter({ hasText: 'CCC3' }).waitFor({ state: 'detached' });
      await page.getByRole('status', { name: 'Stock' }).getByText('3', { exact: true }).waitFor();
      expect(errors).toEqual([]);

      // A shopper buys one code and finds it in My Codes: one of the uploaded, never the voided one.
      const shopper = await fundedAccount(100, 'codebuyer');
      const { page: shop } = await browser.open(`/voucher/${brand.id}`, desktop, { signedInAs: shopper.token });
      const card = shop.locator('.voucher-card', { hasText: `Test card ৳50 ${tag}` });
      await card.getByRole('button', { name: 'Buy', exact: true }).click();
      await shop.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ' }).click();
      await toast(shop, 'Purchase successful');
      await shop.waitForURL((url) => url.pathname === '/profile/userCode');
      const purchase = shop.locator('.code-purchase', { hasText: `Test card ৳50 ${tag}` });
      const bought = await purchase.locator('.voucher-code').first().textContent();
      expect([codes[0], codes[1], csvCodes[0]]).toContain(bought);
      expect(await balanceOf(shopper.code)).toBe(50);

      await page.reload();
      await page.getByRole('status', { name: 'Stock' }).getByText('2', { exact: true }).waitFor();
      await codeRows.nth(1).waitFor();
      await expect.poll(() => codeRows.count()).toBe(2);
    } finally {
      if (voucherId) {
        const left = (await callApi<{ data: MaskedCodes }>(`/admin/vouchers/${voucherId}/codes`, { token: adminToken })).body.data;
        for (const code of left?.items ?? [])
          await callApi(`/admin/vouchers/${voucherId}/codes/${code.code_id}/void`, { method: 'POST', token: adminToken });
      }
      await deleteIfThere('vouchers', voucherId);
      await deleteIfThere('master_categories', brand.id);
    }
  });

  it('pages the unsold codes with Load more and voids one from a later page', async () => {
    const voucher = await freshVoucher(7);
    try {
      const { page, errors } = await browser.open('/');
      await page.route('**/api/admin/vouchers/*/codes*', (route) => {
        const url = new URL(route.request().url());
        if (route.request().method() === 'GET') url.searchParams.set('limit', '3');
        return route.continue({ url: url.toString() });
      });
      await signIn(page, adminToken, '/admin/codes');
      await page.getByText('Choose a voucher to add codes to it or to see its stock.').waitFor();
      await page.getByLabel('Voucher').selectOption(voucher.id);
      await page.waitForURL((url) => url.searchParams.get('voucher') === voucher.id);
      const rows = page.locator('.code-table tbody tr');
      await rows.nth(2).waitFor();
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByRole('button', { name: 'Load more' }).click();
      await rows.nth(5).waitFor();
      await page.getByRole('button', { name: 'Load more' }).click();
      await rows.nth(6).waitFor();
      await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
      const masked = await rows.locator('.masked-code').allTextContents();
      expect(masked.sort()).toEqual(voucher.codes.map((code) => `•••• ${code.slice(-4)}`).sort());
      expect(await page.content()).not.toContain(voucher.codes[0]);

      const last = rows.nth(6);
      const lastCode = await last.locator('.masked-code').textContent();
      await last.getByRole('button', { name: 'Void' }).click();
      await page.getByRole('dialog', { name: 'Void code' }).getByRole('button', { name: 'Void code' }).click();
      await toast(page, 'Code voided');
      await rows.filter({ hasText: lastCode! }).waitFor({ state: 'detached' });
      await expect.poll(() => rows.count()).toBe(6);
      await page.getByRole('status', { name: 'Stock' }).getByText('6', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      const left = (await callApi<{ data: MaskedCodes }>(`/admin/vouchers/${voucher.id}/codes`, { token: adminToken })).body.data;
      for (const code of left.items)
        await callApi(`/admin/vouchers/${voucher.id}/codes/${code.code_id}/void`, { method: 'POST', token: adminToken });
      await deleteIfThere('vouchers', voucher.id);
    }
  });

  it('adds a game, a plan group and a plan that shows on the game page; edits the price in place, takes it out of stock, and deletes', async () => {
    const tag = uniqueTag();
    const gameName = `Test Quest ${tag}`;
    let gameId: string | undefined;
    try {
      const { page, errors } = await browser.open('/admin/catalog', desktop, { signedInAs: adminToken });
      await page.getByRole('button', { name: 'Add a game or brand' }).click();
      const gameDialog = page.getByRole('dialog', { name: 'Add a game or brand' });
      await gameDialog.getByLabel('Name', { exact: true }).fill(gameName);
      await gameDialog.getByLabel('Image path or link').fill('//evil.example/x.png');
      await gameDialog.getByRole('button', { name: 'Save' }).click();
      await gameDialog.getByText('Image must be an uploaded image or an https link').waitFor();
      await gameDialog.getByLabel('Image path or link').fill('/images/free-fire.svg');
      await gameDialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');
      const game = page.locator('.tree-game', { hasText: gameName });
      gameId = (await game.getAttribute('data-game-id'))!;
      await game.getByRole('button', { name: 'Show plans' }).click();
      await page.waitForURL((url) => url.searchParams.get('game') === gameId);
      await game.getByRole('button', { name: 'Add a plan group' }).click();
      const groupDialog = page.getByRole('dialog', { name: `Add a plan group to ${gameName}` });
      await groupDialog.getByLabel('Name').fill('UID TOPUP');
      await groupDialog.getByLabel('Image path or link').fill('/images/group-uid.svg');
      await groupDialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');

      const group = game.locator('.tree-group', { hasText: 'UID TOPUP' });
      await group.getByRole('button', { name: 'Add plan' }).click();
      const planDialog = page.getByRole('dialog', { name: 'Add a plan to UID TOPUP' });
      await planDialog.getByLabel('Price in taka').fill('12.5');
      await planDialog.getByRole('button', { name: 'Save' }).click();
      await planDialog.getByText('Name is required').waitFor();
      await planDialog.getByText('Price must be a whole number of taka').waitFor();
      await planDialog.getByLabel('Name').fill('77 Gems');
      await planDialog.getByLabel('Price in taka').fill('-5');
      await planDialog.getByText('Price must be more than zero').waitFor();
      await planDialog.getByLabel('Price in taka').fill('55');
      await planDialog.getByLabel('Diamonds').fill('77');
      await planDialog.getByLabel('Image path or link').fill('/images/plan-diamond.svg');
      await planDialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');
      const planRow = group.locator('.plan-row', { hasText: '77 Gems' });
      await planRow.waitFor();
      expect(errors).toEqual([]);

      // A fresh visitor sees the plan on the game's page.
      const { page: shop } = await browser.open(`/category/${gameId}`);
      await shop.getByRole('heading', { name: gameName, level: 1 }).waitFor();
      await shop.getByRole('form', { name: 'UID TOPUP' }).waitFor();
      await shop.getByText('77 Gems', { exact: true }).click();
      await shop.locator('.order-summary').getByText('৳55').waitFor();

      // The price in place, then out of stock.
      const price = planRow.getByLabel('Price of 77 Gems in taka');
      await price.fill('0');
      await planRow.getByRole('button', { name: 'Save price' }).click();
      await planRow.getByText('Price must be more than zero').waitFor();
      await price.fill('60');
      await planRow.getByRole('button', { name: 'Save price' }).click();
      await toast(page, '77 Gems: ৳60');
      await planRow.getByRole('button', { name: 'Save price' }).waitFor({ state: 'detached' });
      await planRow.getByRole('switch', { name: 'In stock' }).click();
      await toast(page, '77 Gems: out of stock');
      await expect.poll(() => planRow.getByRole('switch', { name: 'In stock' }).isChecked()).toBe(false);
      const groupId = (await group.getAttribute('data-group-id'))!;
      const plans = await callApi<{ data: { pname: string; price: number; status: number }[] }>('/user/plan_list/', {
        form: { category_id: groupId },
      });
      expect(plans.body.data).toEqual([expect.objectContaining({ pname: '77 Gems', price: 60, status: 0 })]);
      await shop.reload();
      await shop.getByText('77 Gems', { exact: true }).waitFor();
      await shop.getByText('৳60').first().waitFor();

      // A group with plans is not deleted: the server's 409 shows in the dialog.
      await group.locator('.tree-row').getByRole('button', { name: 'Delete' }).click();
      const refuse = page.getByRole('dialog', { name: 'Delete' });
      await refuse.getByRole('button', { name: 'Delete' }).click();
      await refuse.getByRole('alert').getByText('Plan group cannot be deleted: it still has plans').waitFor();
      await refuse.getByRole('button', { name: 'Cancel' }).click();

      // A refused save keeps what was typed and shows the server's message: the plan went meanwhile.
      await planRow.getByRole('button', { name: 'Edit' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit 77 Gems' });
      await editDialog.getByLabel('Name').fill('77 Gems Plus');
      await adminPost(`/admin/plans/${await planRow.getAttribute('data-plan-id')}/delete`);
      await editDialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Plan not found');
      await expect.poll(() => editDialog.getByLabel('Name').inputValue()).toBe('77 Gems Plus');
      await expect.poll(() => editDialog.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
      await editDialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await planRow.waitFor({ state: 'detached' });

      // Then the group and the game, from the tree.
      await group.locator('.tree-row').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await group.waitFor({ state: 'detached' });
      await game.locator('.tree-row').first().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await game.waitFor({ state: 'detached' });
      gameId = undefined;
    } finally {
      if (gameId) {
        const catalog = (
          await callApi<{ data: { master_categories: { id: string; groups: { id: string; plans: { plans_id: string }[] }[] }[] } }>(
            '/admin/catalog',
            { token: adminToken },
          )
        ).body.data;
        for (const group of catalog.master_categories.find((row) => row.id === gameId)?.groups ?? []) {
          for (const plan of group.plans) await deleteIfThere('plans', plan.plans_id);
          await deleteIfThere('plan_groups', group.id);
        }
        await deleteIfThere('master_categories', gameId);
      }
    }
  });

  it('shows popup 1 with new text to a fresh visitor, previewed first as the visitor will see it', async () => {
    const tag = uniqueTag();
    const before = await currentSettings();
    try {
      const { page, errors } = await browser.open('/admin/settings', desktop, { signedInAs: adminToken });
      const card = page.getByRole('region', { name: 'Popup 1' });
      const visible = card.getByRole('switch', { name: 'Show to visitors' });
      if (!(await visible.isChecked())) await visible.click();
      await card
        .getByLabel('Text (HTML)')
        .fill(`<p><strong>Eid sale</strong> on every card ${tag}</p><img src="x" onerror="window.hacked = 1">`);
      const preview = card.getByRole('group', { name: 'Popup 1 preview' });
      await preview.getByText(`on every card ${tag}`).waitFor();
      await expect.poll(() => preview.locator('[onerror]').count()).toBe(0);
      await card.getByRole('button', { name: 'Preview as a visitor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Announcement' });
      await dialog.getByText(`on every card ${tag}`).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Save popup 1' }).click();
      await toast(page, 'Saved');
      await card.getByText('Shown to visitors', { exact: true }).waitFor();
      expect(errors).toEqual([]);

      const { page: visitor } = await browser.open('/', phone, { showPopups: true });
      const shown = visitor.getByRole('dialog', { name: 'Announcement' });
      await shown.getByText(`on every card ${tag}`).waitFor();
      expect(await shown.locator('img.popup-image').getAttribute('src')).toBe(before.popup_image);
      expect(await visitor.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    } finally {
      await adminPost('/admin/site_settings', {
        popup_status: before.popup_status,
        popup_text: before.popup_text,
        popup_image: before.popup_image,
      });
    }
    const after = await currentSettings();
    expect([after.popup_status, after.popup_text, after.popup_image]).toEqual([before.popup_status, before.popup_text, before.popup_image]);
  });

  it("closes the shop after a warning: a shopper's Buy is disabled with the message; then opens it again", async () => {
    const tag = uniqueTag();
    const before: AdminSiteSettings = await currentSettings();
    expect(before.shopStatus).toBe(1);
    try {
      const { page, errors } = await browser.open('/admin/settings', desktop, { signedInAs: adminToken });
      const card = page.getByRole('region', { name: 'Shop status' });
      await card.getByRole('status').getByText('Open').waitFor();
      await card.getByRole('switch', { name: 'Shop open' }).click();
      await card.getByText('Closing the shop refuses every purchase at once').waitFor();
      const message = card.getByLabel('Message shoppers see while the shop is closed');
      await message.fill('');
      await card.getByRole('button', { name: 'Close the shop…' }).click();
      await card.getByText('Write the message shoppers see while the shop is closed').waitFor();
      await message.fill(`Closed for stocktaking ${tag}`);
      await card.getByRole('button', { name: 'Close the shop…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Close the shop?' });
      await confirm.getByText(`Closed for stocktaking ${tag}`).waitFor();
      await confirm.getByRole('button', { name: 'Close the shop' }).click();
      await toast(page, 'The shop is closed');
      await card.getByRole('status').getByText('Closed').waitFor();
      expect(errors).toEqual([]);

      const shopper = await fundedAccount(100, 'closedshop');
      const { page: shop } = await browser.open('/category/free-fire?group=ff-uid', desktop, { signedInAs: shopper.token });
      await shop.getByText(`Closed for stocktaking ${tag}`).waitFor();
      await shop.getByText('25 Diamonds', { exact: true }).click();
      await shop.getByText('Wallet', { exact: true }).click();
      await expect.poll(() => shop.getByRole('button', { name: 'Buy Now' }).isDisabled()).toBe(true);
      await shop.goto('/voucher/google-play');
      await shop.getByText(`Closed for stocktaking ${tag}`).waitFor();
      const buttons = shop.getByTestId('voucher-list').getByRole('button', { name: 'Buy', exact: true });
      await buttons.first().waitFor();
      for (const button of await buttons.all()) await expect.poll(() => button.isDisabled()).toBe(true);

      await card.getByRole('switch', { name: 'Shop open' }).click();
      await card.getByRole('button', { name: 'Open the shop' }).click();
      await toast(page, 'The shop is open');
      await card.getByRole('status').getByText('Open').waitFor();
    } finally {
      await adminPost('/admin/site_settings', { shopStatus: 1, errorMessage: before.errorMessage });
    }
    const after = await currentSettings();
    expect([after.shopStatus, after.errorMessage]).toEqual([1, before.errorMessage]);
  });

  it('uploads a banner image with progress and shows its preview; refuses other types and large files before asking', async () => {
    const tag = uniqueTag();
    let bannerId: string | undefined;
    try {
      const { page, errors } = await browser.open('/admin/banners', desktop, { signedInAs: adminToken });
      const permits: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/admin/uploads')) permits.push(request.url());
      });
      await page.getByRole('button', { name: 'Add a banner' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a banner' });
      const file = dialog.getByLabel('Upload image');
      await file.setInputFiles({
        name: 'evil.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      });
      await dialog.getByText('Only PNG, JPEG or WebP images can be uploaded').waitFor();
      await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: noisyPng(1000, 720) });
      await dialog.getByText('An image must be at most 2 MB').waitFor();
      expect(permits).toEqual([]);

      // A slow line, so that the progress can be seen.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 300 * 1024,
      });
      await file.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: noisyPng(640, 420) });
      const progress = dialog.getByRole('progressbar', { name: 'Image upload progress' });
      await progress.waitFor();
      await page.waitForFunction(() => {
        const bar = document.querySelector<HTMLProgressElement>('.upload-progress progress');
        return bar !== null && bar.value > 0 && bar.value < 100;
      });
      await dialog.getByRole('button', { name: 'Uploading…' }).first().waitFor();
      await progress.waitFor({ state: 'detached', timeout: 20_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      expect(permits).toHaveLength(1);
      const stored = await dialog.getByLabel('Image path or link').inputValue();
      expect(stored).toMatch(/^\/uploads\/[a-z0-9]+\.png$/);
      const previewImage = dialog.getByRole('img', { name: 'Image preview' });
      expect(await previewImage.getAttribute('src')).toBe(stored);
      await expect.poll(() => previewImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(640);

      await dialog.getByLabel("Name (the slide's alternative text)").fill(`Test banner ${tag}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');
      const card = page.locator('.edit-card', { hasText: `Test banner ${tag}` });
      bannerId = (await card.getAttribute('data-banner-id')) ?? undefined;
      expect(await card.locator('img').getAttribute('src')).toBe(stored);
      const served = await fetch(`${inject('stack').url}${stored}`);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await card.waitFor({ state: 'detached' });
      bannerId = undefined;
      expect(errors).toEqual([]);
    } finally {
      await deleteIfThere('events', bannerId);
    }
  });

  it("edits the phone, the links and the social links, which a visitor's header and footer show, and adds a payment channel", async () => {
    const tag = uniqueTag();
    const before = await currentSettings();
    let channelId: string | undefined;
    try {
      const { page, errors } = await browser.open('/admin/settings', desktop, { signedInAs: adminToken });
      const links = page.getByRole('region', { name: 'Phone and links' });
      await links.getByLabel('Messenger link').fill('');
      await links.getByLabel('App link').fill('http://play.example/app');
      await links.getByRole('button', { name: 'Save links' }).click();
      await links.getByText('The messenger link cannot be emptied: enter another https link').waitFor();
      await links.getByText('The app link must be an https link').waitFor();
      await links.getByLabel('Phone').fill('+880 1999-000000');
      await links.getByLabel('Messenger link').fill(`https://m.me/shop-${tag}`);
      await links.getByLabel('App link').fill(before.app_link);
      await links.getByRole('button', { name: 'Save links' }).click();
      await toast(page, 'Saved');

      const social = page.getByRole('region', { name: 'Social links' });
      await social.getByRole('button', { name: 'Add a link' }).click();
      await social.getByLabel('Name 4').fill('Instagram');
      await social.getByLabel('Link 4').fill('instagram.com/shop');
      await social.getByRole('button', { name: 'Save social links' }).click();
      await social.getByText('A social link must be https').waitFor();
      await social.getByLabel('Link 4').fill(`https://instagram.com/shop-${tag}`);
      await social.getByRole('button', { name: 'Remove YouTube' }).click();
      await social.getByRole('button', { name: 'Save social links' }).click();
      await toast(page, 'Saved');
      expect(errors).toEqual([]);

      const { page: visitor } = await browser.open('/');
      expect(await visitor.locator('.header-strip').getByRole('link', { name: 'Messenger' }).getAttribute('href')).toBe(
        `https://m.me/shop-${tag}`,
      );
      const footer = visitor.getByRole('contentinfo');
      await footer.getByText('+880 1999-000000').waitFor();
      await footer.getByRole('navigation', { name: 'Social' }).getByRole('link', { name: 'Instagram' }).waitFor();
      expect(await footer.getByRole('navigation', { name: 'Social' }).getByRole('link').allTextContents()).toEqual([
        'Facebook',
        'Telegram',
        'Instagram',
      ]);

      await page.goto('/admin/payment-channels');
      await page.getByRole('button', { name: 'Add a payment channel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a payment channel' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Logo is required').waitFor();
      await dialog.getByLabel('Name').fill(`Test Pay ${tag}`);
      await dialog.getByLabel('Logo path or link').fill('/images/sender-upay.svg');
      await dialog.getByLabel('Number (optional)').fill('01500-000009');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved');
      const card = page.locator('.edit-card', { hasText: `Test Pay ${tag}` });
      channelId = (await card.getAttribute('data-channel-id')) ?? undefined;
      const shopper = await fundedAccount(0, 'channels');
      const { page: shop } = await browser.open('/profile/addMoney', desktop, { signedInAs: shopper.token });
      await shop.locator('.accepted-methods').getByText(`Test Pay ${tag}`).waitFor();
      await card.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await card.waitFor({ state: 'detached' });
      channelId = undefined;
    } finally {
      await deleteIfThere('senders', channelId);
      await adminPost('/admin/site_settings', {
        phone: before.phone,
        messenger_link: before.messenger_link,
        app_link: before.app_link,
        social: JSON.stringify(before.social),
      });
    }
    const after = await currentSettings();
    expect([after.phone, after.messenger_link, after.app_link, after.social]).toEqual([
      before.phone,
      before.messenger_link,
      before.app_link,
      before.social,
    ]);
  });

  it('writes a video blog post from a YouTube link with a sanitised preview, shows it to shoppers, and deletes it', async () => {
    const tag = uniqueTag();
    let postId: string | undefined;
    try {
      const { page } = await browser.open('/admin/blog', desktop, { signedInAs: adminToken });
      await page.getByRole('link', { name: 'Write a post' }).click();
      await page.getByLabel('Title').fill(`Season guide ${tag}`);
      await page.getByLabel('Video post (YouTube)').check();
      await page.getByRole('button', { name: 'Publish post' }).click();
      await page.getByText('A video post needs a YouTube id').waitFor();
      await page.getByLabel('YouTube video id or link').fill('https://youtu.be/dQw4w9WgXcQ?t=3');
      await page
        .getByLabel('Content (HTML)', { exact: true })
        .fill('<h2>New map</h2><p>Drop <a href="https://example.com">here</a>.</p><style>body{display:none}</style>');
      const preview = page.getByRole('region', { name: 'Content (HTML) preview' });
      await preview.getByRole('heading', { name: 'New map' }).waitFor();
      await expect.poll(() => preview.locator('style').count()).toBe(0);
      await page.getByRole('button', { name: 'Publish post' }).click();
      await toast(page, 'Saved');
      await page.waitForURL((url) => url.pathname === '/admin/blog');
      const row = page.locator('.admin-table tbody tr', { hasText: `Season guide ${tag}` });
      postId = (await row.getAttribute('data-blog-id')) ?? undefined;

      const { page: shop } = await browser.open(`/blog/${postId}`);
      await shop.getByRole('heading', { name: 'New map' }).waitFor();
      const posts = await callApi<{ data: { blog_id: string; youtube_id: string }[] }>('/user/blog_list');
      expect(posts.body.data.find((post) => post.blog_id === postId)?.youtube_id).toBe('dQw4w9WgXcQ');

      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      postId = undefined;
    } finally {
      await deleteIfThere('blogs', postId);
    }
  });

  it('fits every new section, and an edit dialog, on a 360 px phone without scrolling sideways', async () => {
    const { page, errors } = await browser.open('/admin', phone, { signedInAs: adminToken });
    await expectSectionsFit(page, [
      { path: '/admin/codes?voucher=gp-500', ready: '.code-table tbody tr, .admin-page .empty-state' },
      { path: '/admin/catalog?game=free-fire', ready: '.plan-row' },
      { path: '/admin/vouchers?brand=google-play', ready: '.admin-table tbody tr' },
      { path: '/admin/blog', ready: '.admin-table tbody tr' },
      { path: '/admin/blog/new', ready: '.html-field' },
      { path: '/admin/banners', ready: '.edit-card' },
      { path: '/admin/payment-channels', ready: '.edit-card' },
      { path: '/admin/settings', ready: '.popup-preview' },
    ]);
    await page.goto('/admin/catalog?game=free-fire');
    await page.locator('.plan-row').first().getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Price in taka').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  }, 180_000); // nine pages in turn: minutes on a loaded 2-core machine, not a timing check

  for (const viewport of [phone, desktop]) {
    it(`saves screenshots of the editing sections at ${viewport.width} px`, async () => {
      const { page, errors } = await browser.open('/admin', viewport, { signedInAs: adminToken });
      await saveScreenshots(page, viewport, [
        { name: 'admin-catalog', path: '/admin/catalog?game=free-fire', ready: '.plan-row' },
        { name: 'admin-codes', path: '/admin/codes?voucher=gp-500', ready: '.stock-figure' },
        { name: 'admin-settings', path: '/admin/settings', ready: '.popup-preview' },
      ]);
      expect(errors).toEqual([]);
    });
  }
});
