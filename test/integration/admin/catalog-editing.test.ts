import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AdminCatalog,
  AdminContent,
  AdminVoucher,
  CodeUploadResult,
  MaskedCodes,
  UploadPermit,
} from '../../../functions/contract/admin-wire';
import { type ApiResponse, callApi, onePixelPng, postUpload } from '../../support/http';
import { fundedAccount, setShopStatus } from '../../support/money';
import { stackLog } from '../../support/spawn-stack';

let adminToken = '';
beforeAll(async () => {
  const { admin } = inject('stack').logins;
  const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
  adminToken = login.body.data.authToken;
});

const asAdmin = <T = Record<string, any>>(path: string, form?: Record<string, string | number>) =>
  callApi<{ data: T }>(path, { token: adminToken, form, method: form ? 'POST' : 'GET' }) as Promise<ApiResponse<{ data: T }>>;

const tag = () => randomBytes(4).toString('hex');
const auditTargets = async () =>
  (await asAdmin<{ items: { action: string; target: string; detail: string }[] }>('/admin/audit?limit=100')).body.data.items;

/** A new brand (a code category: its name ends with a full stop) and a voucher in it. */
async function brandWithVoucher(price = 100) {
  const brand = await asAdmin('/admin/master_categories', { cname: `Test cards ${tag()}.`, image: '/images/itunes.svg', position: 950 });
  expect(brand.status, JSON.stringify(brand.body)).toBe(200);
  const voucher = await asAdmin<AdminVoucher>('/admin/vouchers', {
    mcategory_id: brand.body.data.id,
    voucher_name: 'Card ৳100',
    price,
    image: '/images/voucher-gp-500.svg',
    description: '<p>Rules</p>',
    position: 1,
  });
  expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
  return { brandId: brand.body.data.id as string, voucherId: voucher.body.data.voucher_id };
}

const shopperStock = async (brandId: string, voucherId: string) =>
  (
    await callApi<{ data: { voucher_id: string; stock: number }[] }>('/user/auto_delivery_vouchers_list', {
      form: { mcategory_id: brandId },
    })
  ).body.data.find((v) => v.voucher_id === voucherId)?.stock;

describe('code inventory', () => {
  it('adds each code once: duplicates in the batch, the same batch again, a sold code again', async () => {
    const { brandId, voucherId } = await brandWithVoucher();
    const codes = Array.from({ length: 5 }, (_, i) => `INV-${tag()}-${i}`);
    const text = `${codes.join('\n')}\n\n  ${codes[0]}  \r\n${codes[1]}\n`;

    const first = await asAdmin<CodeUploadResult>(`/admin/vouchers/${voucherId}/codes`, { codes: text });
    expect(first.body.data).toEqual({ added: 5, duplicates: 2, stock: 5 });
    const again = await asAdmin<CodeUploadResult>(`/admin/vouchers/${voucherId}/codes`, { codes: text });
    expect(again.body.data).toEqual({ added: 0, duplicates: 7, stock: 5 });
    expect(await shopperStock(brandId, voucherId)).toBe(5);

    const buyer = await fundedAccount(100, 'inventory');
    const sale = await callApi<{ data: { codes: string } }>('/user/buy_voucher/', {
      token: buyer.token,
      form: { voucher_id: voucherId, qty: 1 },
    });
    const sold = sale.body.data.codes;
    expect(codes).toContain(sold);
    const soldAgain = await asAdmin<CodeUploadResult>(`/admin/vouchers/${voucherId}/codes`, { codes: sold });
    expect(soldAgain.body.data).toEqual({ added: 0, duplicates: 1, stock: 4 });

    const other = await brandWithVoucher();
    const elsewhere = await asAdmin<CodeUploadResult>(`/admin/vouchers/${other.voucherId}/codes`, { codes: `${codes[2]}\nFRESH-${tag()}` });
    expect(elsewhere.body.data).toEqual({ added: 1, duplicates: 1, stock: 1 });
  });

  it('keeps the stock shoppers see equal to the unsold codes through uploads, sales and voids', async () => {
    const { brandId, voucherId } = await brandWithVoucher(50);
    await asAdmin(`/admin/vouchers/${voucherId}/codes`, { codes: Array.from({ length: 120 }, (_, i) => `STK-${tag()}-${i}`).join('\n') });
    const buyer = await fundedAccount(150, 'stock');
    expect((await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucherId, qty: 3 } })).status).toBe(200);

    const listed = await asAdmin<MaskedCodes>(`/admin/vouchers/${voucherId}/codes?limit=50`);
    expect(listed.body.data.stock).toBe(117);
    expect(listed.body.data.items).toHaveLength(50);
    expect(listed.body.data.next_cursor).toEqual(expect.any(String));
    const voided = await asAdmin<{ stock: number }>(`/admin/vouchers/${voucherId}/codes/${listed.body.data.items[0]!.code_id}/void`, {});
    expect(voided.body.data).toEqual({ stock: 116 });
    expect((await asAdmin(`/admin/vouchers/${voucherId}/codes/${listed.body.data.items[0]!.code_id}/void`, {})).status).toBe(404);
    expect(await shopperStock(brandId, voucherId)).toBe(116);

    let unsold = 0;
    let cursor: string | null = null;
    do {
      const page: ApiResponse<{ data: MaskedCodes }> = await asAdmin<MaskedCodes>(
        `/admin/vouchers/${voucherId}/codes?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      unsold += page.body.data.items.length;
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(unsold).toBe(116);
  });

  it('never stores one code twice when two operators upload overlapping batches at once', async () => {
    const { brandId, voucherId } = await brandWithVoucher();
    const shared = Array.from({ length: 60 }, (_, i) => `RACE-${tag()}-${i}`);
    const onlyA = Array.from({ length: 20 }, (_, i) => `RACE-A-${tag()}-${i}`);
    const onlyB = Array.from({ length: 20 }, (_, i) => `RACE-B-${tag()}-${i}`);
    const [a, b] = await Promise.all([
      asAdmin<CodeUploadResult>(`/admin/vouchers/${voucherId}/codes`, { codes: [...shared, ...onlyA].join('\n') }),
      asAdmin<CodeUploadResult>(`/admin/vouchers/${voucherId}/codes`, { codes: [...onlyB, ...shared].join('\n') }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.added + b.body.data.added).toBe(100);
    expect(a.body.data.duplicates + b.body.data.duplicates).toBe(60);
    expect(await shopperStock(brandId, voucherId)).toBe(100);
  });

  it('shows codes masked to their last four characters, and never a plain code in an answer or a log line', async () => {
    const { voucherId } = await brandWithVoucher();
    const secretCodes = Array.from({ length: 3 }, (_, i) => `PLAIN-${tag()}-SECRET${i}WXYZ${i}`);
    const upload = await asAdmin(`/admin/vouchers/${voucherId}/codes`, { codes: secretCodes.join('\n') });
    const list = await asAdmin<MaskedCodes>(`/admin/vouchers/${voucherId}/codes`);
    expect(list.body.data.items.map((item) => item.masked).sort()).toEqual(secretCodes.map((code) => `•••• ${code.slice(-4)}`).sort());
    const answers = [
      upload,
      list,
      await asAdmin('/admin/audit?limit=100'),
      await asAdmin('/admin/vouchers'),
      await asAdmin('/admin/dashboard'),
    ];
    for (const answer of answers) for (const code of secretCodes) expect(JSON.stringify(answer.body)).not.toContain(code);
    for (const code of secretCodes) expect(stackLog('integration')).not.toContain(code);
  });

  it('refuses an empty upload, more than 1000 codes, and an unknown voucher', async () => {
    const { voucherId } = await brandWithVoucher();
    expect((await asAdmin(`/admin/vouchers/${voucherId}/codes`, { codes: ' \n \n' })).status).toBe(400);
    const tooMany = await asAdmin(`/admin/vouchers/${voucherId}/codes`, {
      codes: Array.from({ length: 1001 }, (_, i) => `M${i}`).join('\n'),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('At most 1000 codes an upload');
    expect((await asAdmin('/admin/vouchers/no-such-voucher/codes', { codes: 'X1' })).status).toBe(404);
  });
});

describe('catalog', () => {
  it('adds a game, a group and a plan that show at once in the shop, and renames a group into its plans', async () => {
    const game = await asAdmin('/admin/master_categories', { cname: `Test Game ${tag()}`, image: '/images/free-fire.svg', position: 960 });
    const group = await asAdmin('/admin/plan_groups', {
      master_category: game.body.data.id,
      cname: 'Login top-up',
      image: '/images/group-uid.svg',
      position: 1,
    });
    const plan = await asAdmin('/admin/plans', {
      category_id: group.body.data.id,
      pname: '100 Gems',
      image: '/images/plan-diamond.svg',
      price: 90,
      no_of_diamonds: 100,
      status: '1',
      position: 1,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.data).toMatchObject({ pname: '100 Gems', price: 90, status: 1, category_id: group.body.data.id });

    const shopGroups = await callApi<{ data: { id: string }[] }>('/user/category_list', { form: { master_category: game.body.data.id } });
    expect(shopGroups.body.data.map((g) => g.id)).toEqual([group.body.data.id]);
    const shopPlans = await callApi<{ data: { plans_id: string; price: number }[] }>('/user/plan_list/', {
      form: { category_id: group.body.data.id },
    });
    expect(shopPlans.body.data).toEqual([expect.objectContaining({ plans_id: plan.body.data.plans_id, price: 90 })]);

    // Renamed to UID TOPUP: its plan's order form asks for a player ID only from now on.
    expect(
      (
        await asAdmin('/admin/plan_groups', {
          id: group.body.data.id,
          master_category: game.body.data.id,
          cname: 'UID TOPUP',
          image: '/images/group-uid.svg',
          position: 1,
        })
      ).status,
    ).toBe(200);
    const buyer = await fundedAccount(90, 'renamed');
    const order = await callApi('/user/request/', {
      token: buyer.token,
      form: { plan_id: plan.body.data.plans_id, saccount_id: '555000111', paid_from_wallet: 90 },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    const tree = await asAdmin<AdminCatalog>('/admin/catalog');
    const node = tree.body.data.master_categories.find((c) => c.id === game.body.data.id)!;
    expect(node.groups[0]).toMatchObject({ cname: 'UID TOPUP', plans: [expect.objectContaining({ plans_id: plan.body.data.plans_id })] });
  });

  it('changes a price and puts a plan out of stock, refusing purchases at the old price or out of stock', async () => {
    const group = (await asAdmin<AdminCatalog>('/admin/catalog')).body.data.master_categories
      .find((c) => c.id === 'free-fire')!
      .groups.find((g) => g.id === 'ff-uid')!;
    const created = await asAdmin('/admin/plans', {
      category_id: group.id,
      pname: `Promo ${tag()}`,
      image: '/images/plan-diamond.svg',
      price: 30,
      no_of_diamonds: 35,
      status: '1',
      position: 99,
    });
    const planId = created.body.data.plans_id as string;
    const buyer = await fundedAccount(100, 'repriced');
    expect(
      (
        await asAdmin('/admin/plans', {
          plans_id: planId,
          category_id: group.id,
          pname: 'Promo',
          image: '/images/plan-diamond.svg',
          price: 35,
          no_of_diamonds: 35,
          status: '1',
          position: 99,
        })
      ).status,
    ).toBe(200);
    const atOldPrice = await callApi('/user/request/', {
      token: buyer.token,
      form: { plan_id: planId, saccount_id: '1', paid_from_wallet: 30 },
    });
    expect(atOldPrice.status).toBe(409);
    expect(
      (
        await asAdmin('/admin/plans', {
          plans_id: planId,
          category_id: group.id,
          pname: 'Promo',
          image: '/images/plan-diamond.svg',
          price: 35,
          no_of_diamonds: 35,
          status: '0',
          position: 99,
        })
      ).status,
    ).toBe(200);
    const outOfStock = await callApi('/user/request/', {
      token: buyer.token,
      form: { plan_id: planId, saccount_id: '1', paid_from_wallet: 35 },
    });
    expect(outOfStock.status).toBe(409);
    expect(outOfStock.body.message).toBe('This plan is out of stock');
  });

  it('refuses a negative, zero or fractional price, a bad status, an unknown parent and a script image', async () => {
    const bad: Record<string, string | number>[] = [
      { price: -5 },
      { price: 0 },
      { price: '12.5' },
      { price: 'abc' },
      { status: '2' },
      { image: 'javascript:alert(1)' },
      { image: '//evil.example/x.png' },
    ];
    for (const change of bad) {
      const response = await asAdmin('/admin/plans', {
        category_id: 'ff-uid',
        pname: 'Bad',
        image: '/images/plan-diamond.svg',
        price: 10,
        no_of_diamonds: 1,
        status: '1',
        ...change,
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
    }
    expect(
      (
        await asAdmin('/admin/plans', {
          category_id: 'no-such-group',
          pname: 'Orphan',
          image: '/images/plan-diamond.svg',
          price: 10,
          status: '1',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await asAdmin('/admin/plans', {
          plans_id: 'no-such-plan',
          category_id: 'ff-uid',
          pname: 'Ghost',
          image: '/images/plan-diamond.svg',
          price: 10,
          status: '1',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses to delete what still has children, and deletes it once they are gone', async () => {
    const game = await asAdmin('/admin/master_categories', { cname: `Doomed ${tag()}`, image: '/images/free-fire.svg' });
    const group = await asAdmin('/admin/plan_groups', { master_category: game.body.data.id, cname: 'G', image: '/images/group-uid.svg' });
    const plan = await asAdmin('/admin/plans', {
      category_id: group.body.data.id,
      pname: 'P',
      image: '/images/plan-diamond.svg',
      price: 10,
      status: '1',
    });
    const gameDelete = await asAdmin(`/admin/master_categories/${game.body.data.id}/delete`, {});
    expect(gameDelete.status).toBe(409);
    expect((await asAdmin(`/admin/plan_groups/${group.body.data.id}/delete`, {})).status).toBe(409);
    expect((await asAdmin(`/admin/plans/${plan.body.data.plans_id}/delete`, {})).status).toBe(200);
    expect((await asAdmin(`/admin/plan_groups/${group.body.data.id}/delete`, {})).status).toBe(200);
    expect((await asAdmin(`/admin/master_categories/${game.body.data.id}/delete`, {})).status).toBe(200);
    expect((await asAdmin(`/admin/master_categories/${game.body.data.id}/delete`, {})).status).toBe(404);
    expect((await asAdmin(`/admin/orders/${game.body.data.id}/delete`, {})).status).toBe(400);

    const { brandId, voucherId } = await brandWithVoucher();
    await asAdmin(`/admin/vouchers/${voucherId}/codes`, { codes: `DEL-${tag()}` });
    expect((await asAdmin(`/admin/vouchers/${voucherId}/delete`, {})).status).toBe(409);
    expect((await asAdmin(`/admin/master_categories/${brandId}/delete`, {})).status).toBe(409);
    const code = (await asAdmin<MaskedCodes>(`/admin/vouchers/${voucherId}/codes`)).body.data.items[0]!;
    await asAdmin(`/admin/vouchers/${voucherId}/codes/${code.code_id}/void`, {});
    expect((await asAdmin(`/admin/vouchers/${voucherId}/delete`, {})).status).toBe(200);
    expect((await asAdmin(`/admin/master_categories/${brandId}/delete`, {})).status).toBe(200);
  });
});

describe('content and settings', () => {
  it('posts to the blog, edits a banner and a payment channel, and the shop shows each on the next request', async () => {
    const title = `Patch notes ${tag()}`;
    const post = await asAdmin('/admin/blogs', {
      type: 'video',
      youtube_id: 'abcdefghijk',
      title,
      content: '<p>New <strong>map</strong></p><script>alert(1)</script>',
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const blogs = await callApi<{ data: { blog_id: string; content: string }[] }>('/user/blog_list');
    expect(blogs.body.data.find((b) => b.blog_id === post.body.data.blog_id)?.content).toBe(
      '<p>New <strong>map</strong></p><script>alert(1)</script>',
    );
    expect((await asAdmin('/admin/blogs', { type: 'image', title: 'No image', content: 'x' })).status).toBe(400);
    expect((await asAdmin('/admin/blogs', { type: 'video', youtube_id: 'short', title: 'Bad id' })).status).toBe(400);
    const edited = await asAdmin('/admin/blogs', {
      blog_id: post.body.data.blog_id,
      type: 'video',
      youtube_id: 'abcdefghijk',
      title: `${title} (edited)`,
      content: '<p>x</p>',
    });
    expect(edited.body.data.created_at).toBe(post.body.data.created_at);

    const banner = await asAdmin('/admin/events', {
      ename: `Sale ${tag()}`,
      image: '/images/banner-pubg.svg',
      description: '<a href="/category/pubg-mobile">UC</a>',
      position: 0,
    });
    const events = await callApi<{ data: { ename: string }[] }>('/user/event_list');
    expect(events.body.data[0]!.ename).toBe(banner.body.data.ename);
    const channel = await asAdmin('/admin/senders', { name: `SureCash ${tag()}`, logo: '/images/sender-upay.svg', position: 99 });
    expect((await callApi<{ data: { id: string }[] }>('/user/get_senders')).body.data.map((c) => c.id)).toContain(channel.body.data.id);

    const content = await asAdmin<AdminContent>('/admin/content');
    expect(content.body.data.events.map((e) => e.id)).toContain(banner.body.data.id);
    for (const [kind, id] of [
      ['events', banner.body.data.id],
      ['senders', channel.body.data.id],
      ['blogs', post.body.data.blog_id],
    ]) {
      expect((await asAdmin(`/admin/${kind}/${id}/delete`, {})).status).toBe(200);
    }
    expect((await callApi(`/user/blog/${post.body.data.blog_id}`)).status).toBe(404);
  });

  it('changes the popups, the links and the Watch video, keeping the rest', async () => {
    const before = (await callApi<{ data: Record<string, string> }>('/user/site_settings')).body.data;
    const watchBefore = (await callApi<{ data: { upay: string } }>('/user/redeem_link')).body.data.upay;
    const text = `<p>Flash sale ${tag()}</p>`;
    try {
      const saved = await asAdmin('/admin/site_settings', {
        popup_status2: '1',
        popup_text2: text,
        upay: 'https://www.youtube.com/watch?v=abcdefghijk',
        whatsapp: '+880 1812-345678',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const after = (await callApi<{ data: Record<string, unknown> }>('/user/site_settings')).body.data;
      // The popup's version changes with its text, so that a device that closed the old one shows the new one once.
      expect(after).toEqual({
        ...before,
        popup_status2: '1',
        popup_text2: text,
        popup_version2: expect.any(String),
        whatsapp: '8801812345678',
      });
      expect(after.popup_version2).not.toBe(before.popup_version2);
      expect(after.popup_version).toBe(before.popup_version);
      const localNumber = await asAdmin('/admin/site_settings', { whatsapp: '01812345678' });
      expect(localNumber.status).toBe(400);
      expect(JSON.stringify(localNumber.body)).toContain('The WhatsApp number is digits with the country code, like 8801712345678');
      // A shop may stop offering WhatsApp: sent empty, the number is gone from the shop's settings.
      expect((await asAdmin('/admin/site_settings', { whatsapp: '' })).status).toBe(200);
      expect((await callApi<{ data: { whatsapp: string } }>('/user/site_settings')).body.data.whatsapp).toBe('');
      expect((await callApi<{ data: { upay: string } }>('/user/redeem_link')).body.data.upay).toBe(
        'https://www.youtube.com/watch?v=abcdefghijk',
      );
      expect((await asAdmin('/admin/site_settings', { messenger_link: 'javascript:alert(1)' })).status).toBe(400);
      expect((await asAdmin('/admin/site_settings', { social: '[{"name":"X","url":"http://insecure"}]' })).status).toBe(400);
      expect((await asAdmin('/admin/site_settings', {})).status).toBe(400);
    } finally {
      await asAdmin('/admin/site_settings', {
        popup_status2: before.popup_status2!,
        popup_text2: before.popup_text2!,
        upay: watchBefore,
        whatsapp: before.whatsapp!,
      });
    }
  });

  it('closes the shop: purchases are refused at once with the message, and it opens again', async () => {
    const buyer = await fundedAccount(100, 'closed');
    const { errorMessage } = (await callApi<{ data: { errorMessage: string } }>('/user/shop_status')).body.data;
    try {
      expect((await asAdmin('/admin/site_settings', { shopStatus: 0, errorMessage: 'Back at 5 PM' })).status).toBe(200);
      expect((await callApi('/user/shop_status')).body.data).toEqual({ shopStatus: 0, errorMessage: 'Back at 5 PM' });
      // The site settings every page reads carry it too (the banner on every shopper page).
      expect((await callApi('/user/site_settings')).body.data).toMatchObject({ shopStatus: 0, errorMessage: 'Back at 5 PM' });
      const refused = await callApi('/user/request/', {
        token: buyer.token,
        form: { plan_id: 'ff-25', saccount_id: '1', paid_from_wallet: 22 },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Back at 5 PM');
    } finally {
      await asAdmin('/admin/site_settings', { shopStatus: 1, errorMessage });
      await setShopStatus(1);
    }
    expect(
      (await callApi('/user/request/', { token: buyer.token, form: { plan_id: 'ff-25', saccount_id: '123456789', paid_from_wallet: 22 } }))
        .status,
    ).toBe(200);
  });
});

describe('uploads', () => {
  const png = onePixelPng;
  const upload = postUpload;

  it('signs a PNG, JPEG or WebP upload up to 2 MB, which the shop then serves', async () => {
    const permit = await asAdmin<UploadPermit>('/admin/uploads', { content_type: 'image/png', size: png.length });
    expect(permit.status).toBe(200);
    expect(permit.body.data.url).toMatch(/^\/uploads\/[a-z0-9]+\.png$/);
    expect((await upload(permit.body.data, png, 'image/png')).status).toBe(204);
    const served = await fetch(`${inject('stack').url}${permit.body.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect((await auditTargets()).some((entry) => entry.action === 'upload.permit' && entry.target === permit.body.data.url)).toBe(true);
  });

  it('refuses SVG, HTML and more than 2 MB, and a file bigger or of another type than the permit says', async () => {
    for (const form of [
      { content_type: 'image/svg+xml', size: 100 },
      { content_type: 'text/html', size: 100 },
      { content_type: 'image/png', size: 2 * 1024 * 1024 + 1 },
      { content_type: 'image/png', size: 0 },
    ]) {
      expect((await asAdmin('/admin/uploads', form)).status, JSON.stringify(form)).toBe(400);
    }
    const permit = (await asAdmin<UploadPermit>('/admin/uploads', { content_type: 'image/png', size: 10 })).body.data;
    expect((await upload(permit, png, 'image/png')).status).toBe(400);
    const typed = (await asAdmin<UploadPermit>('/admin/uploads', { content_type: 'image/png', size: png.length })).body.data;
    expect((await upload({ ...typed, fields: { ...typed.fields, 'Content-Type': 'text/html' } }, png, 'text/html')).status).toBe(403);
    expect((await upload({ ...typed, fields: { ...typed.fields, key: 'uploads/evil.png' } }, png, 'image/png')).status).toBe(403);
  });

  it('lets the pages of the shop post the file from the browser whether it is opened at localhost, 127.0.0.1 or [::1], and no other page', async () => {
    const permit = (await asAdmin<UploadPermit>('/admin/uploads', { content_type: 'image/png', size: png.length })).body.data;
    const { port } = new URL(inject('stack').url);
    const preflight = (origin: string) =>
      fetch(permit.upload_url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    for (const shop of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const answer = await preflight(shop);
      expect(answer.status, shop).toBe(204);
      expect(answer.headers.get('access-control-allow-origin'), shop).toBe(shop);
    }
    for (const other of [
      'http://evil.example',
      `http://evil.example:${port}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      'null',
    ]) {
      const answer = await preflight(other);
      expect(answer.status, other).toBe(403);
      expect(answer.headers.get('access-control-allow-origin'), other).toBeNull();
    }

    const form = new FormData();
    for (const [name, value] of Object.entries(permit.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image');
    const posted = await fetch(permit.upload_url, { method: 'POST', body: form, headers: { origin: `http://127.0.0.1:${port}` } });
    expect(posted.status).toBe(204);
    expect(posted.headers.get('access-control-allow-origin')).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('the audit of catalog and content writes', () => {
  it('holds one entry per write, in the same transaction', async () => {
    const game = await asAdmin('/admin/master_categories', { cname: `Audited ${tag()}`, image: '/images/free-fire.svg' });
    await asAdmin('/admin/master_categories', { id: game.body.data.id, cname: 'Audited again', image: '/images/free-fire.svg' });
    await asAdmin(`/admin/master_categories/${game.body.data.id}/delete`, {});
    const entries = (await auditTargets()).filter((entry) => entry.target === game.body.data.id);
    expect(entries.map((entry) => entry.action)).toEqual(['master_categories.delete', 'category.update', 'category.create']);
  });
});
