import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { edgeCacheControl, stockCacheControl } from '../../../functions/routes/edge-cache';
import { registerAndLogIn } from '../../support/accounts';
import { type ApiResponse, callApi } from '../../support/http';

/**
 * The public reads through the local stack's edge cache (CloudFront's behaviour for them): kept as
 * the API's Cache-Control says, and emptied by the admin writes that change them, so an edit shows
 * at once while a page load costs no function call.
 */
let adminToken = '';
beforeAll(async () => {
  const { admin } = inject('stack').logins;
  adminToken = (await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } }))
    .body.data.authToken;
});

const asAdmin = (path: string, form: Record<string, string | number>) =>
  callApi<{ data: Record<string, any> }>(path, { token: adminToken, form }) as Promise<ApiResponse<{ data: Record<string, any> }>>;
const cacheState = (response: ApiResponse) => response.headers.get('x-cache');
const tag = () => randomBytes(4).toString('hex');

describe('edge-cached public reads', () => {
  it('answer the edge Cache-Control and an ETag, are served from the edge the second time, and a matching If-None-Match gets a 304', async () => {
    await callApi('/user/get_senders');
    const hit = await callApi('/user/get_senders');
    expect(hit.status).toBe(200);
    expect(cacheState(hit)).toBe('Hit from cloudfront');
    expect(hit.headers.get('cache-control')).toBe(edgeCacheControl);
    const etag = hit.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const revalidated = await fetch(`${inject('stack').url}/api/user/get_senders`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('keep query strings apart, and never keep a failure', async () => {
    const missing = `/user/blog/no-such-post-${tag()}`;
    expect((await callApi(missing)).status).toBe(404);
    const again = await callApi(missing);
    expect(again.status).toBe(404);
    expect(cacheState(again)).toBe('Miss from cloudfront');
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('show a new banner at once: the admin write invalidates the banners, and only them', async () => {
    await callApi('/user/event_list');
    await callApi('/user/get_senders');
    const name = `Edge sale ${tag()}`;
    const saved = await asAdmin('/admin/events', { ename: name, image: '/images/banner-pubg.svg', description: '<p>Now</p>', position: 0 });
    expect(saved.status).toBe(200);
    const banners = await callApi<{ data: { id: string; ename: string }[] }>('/user/event_list');
    expect(cacheState(banners)).toBe('Miss from cloudfront');
    expect(banners.body.data.map((event) => event.ename)).toContain(name);
    expect(cacheState(await callApi('/user/get_senders'))).toBe('Hit from cloudfront');

    expect((await asAdmin(`/admin/events/${saved.body.data.id}/delete`, {})).status).toBe(200);
    expect((await callApi<{ data: { ename: string }[] }>('/user/event_list')).body.data.map((event) => event.ename)).not.toContain(name);
  });

  it('show changed settings at once on both reads made from them', async () => {
    await callApi('/user/site_settings');
    const watchBefore = (await callApi<{ data: { upay: string } }>('/user/redeem_link')).body.data.upay;
    const link = `https://www.youtube.com/watch?v=${tag()}abc`;
    try {
      expect((await asAdmin('/admin/site_settings', { upay: link })).status).toBe(200);
      const settings = await callApi<{ data: Record<string, string> }>('/user/site_settings');
      expect(cacheState(settings)).toBe('Miss from cloudfront');
      const redeem = await callApi<{ data: { upay: string } }>('/user/redeem_link');
      expect(cacheState(redeem)).toBe('Miss from cloudfront');
      expect(redeem.body.data.upay).toBe(link);
    } finally {
      await asAdmin('/admin/site_settings', { upay: watchBefore });
    }
  });

  it('never cache the shop status, a user route or an admin route', async () => {
    const account = await registerAndLogIn('edge');
    for (const response of [
      await callApi('/user/shop_status'),
      await callApi('/user/shop_status'),
      await callApi('/user/user_data', { token: account.token, form: {} }),
      await callApi('/admin/dashboard', { token: adminToken }),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-cache')).toBeNull();
    }
  });
});

describe('GET twins of the catalogue reads', () => {
  const twins: { path: string; form: Record<string, string>; cacheControl: string }[] = [
    { path: '/user/category_list', form: { master_category: 'free-fire' }, cacheControl: edgeCacheControl },
    // PUBG's plans: Free Fire's carry the flash-sale tests' sales, whose lists are cached only until their next change.
    { path: '/user/plan_list', form: { category_id: 'pubg-uid' }, cacheControl: edgeCacheControl },
    { path: '/user/auto_delivery_vouchers_list', form: { mcategory_id: 'itunes' }, cacheControl: stockCacheControl },
  ];
  const query = (form: Record<string, string>) => `?${new URLSearchParams(form).toString()}`;

  it('answer what the POSTs answer, kept at the edge as their kind says, while the POSTs are never kept', async () => {
    for (const { path, form, cacheControl } of twins) {
      const posted = await callApi<{ data: unknown[] }>(path, { form });
      expect(posted.status, path).toBe(200);
      expect(posted.headers.get('cache-control'), path).toBe('no-store');
      expect(posted.headers.get('x-cache'), path).toBeNull();
      const got = await callApi<{ data: unknown[] }>(`${path}${query(form)}`);
      expect(got.status, path).toBe(200);
      expect(got.body, path).toEqual(posted.body);
      expect(got.body.data.length, path).toBeGreaterThan(0);
      expect(got.headers.get('cache-control'), path).toBe(cacheControl);
      expect(cacheState(await callApi(`${path}${query(form)}`)), path).toBe('Hit from cloudfront');
    }
  });

  it("key the cache on the parameters the row reads only: another parameter, or the POST's user_id, finds the same entry", async () => {
    for (const { path, form } of twins) {
      await callApi(`${path}${query(form)}`);
      const extra = await callApi(`${path}${query({ x: tag(), ...form, utm_source: 'mail' })}`);
      expect(extra.status, path).toBe(200);
      expect(cacheState(extra), path).toBe('Hit from cloudfront');
    }
    const withUser = await callApi(`/user/category_list?master_category=free-fire&user_id=${tag()}`);
    expect(cacheState(withUser)).toBe('Hit from cloudfront');
    // A different value of a read parameter is a different entry, and a failure is never kept.
    const unknown = `/user/plan_list?category_id=no-such-group-${tag()}`;
    expect((await callApi(unknown)).status).toBe(404);
    const again = await callApi(unknown);
    expect(again.status).toBe(404);
    expect(cacheState(again)).toBe('Miss from cloudfront');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect((await callApi('/user/plan_list')).status).toBe(400);
  });

  it("show an operator's new group, plan change and uploaded codes at once: their writes invalidate the twins", async () => {
    const game = await asAdmin('/admin/master_categories', { cname: `Edge game ${tag()}`, image: '/images/free-fire.svg', position: 970 });
    const gameId = game.body.data.id as string;
    const groupsPath = `/user/category_list?master_category=${gameId}`;
    expect((await callApi<{ data: unknown[] }>(groupsPath)).body.data).toEqual([]);
    expect(cacheState(await callApi(groupsPath))).toBe('Hit from cloudfront');
    const group = await asAdmin('/admin/plan_groups', {
      master_category: gameId,
      cname: 'Edge group',
      image: '/images/group-uid.svg',
      position: 1,
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const groups = await callApi<{ data: { id: string }[] }>(groupsPath);
    expect(cacheState(groups)).toBe('Miss from cloudfront');
    expect(groups.body.data.map((row) => row.id)).toEqual([group.body.data.id]);

    const plansPath = `/user/plan_list?category_id=${group.body.data.id}`;
    const planForm = {
      category_id: group.body.data.id,
      pname: '100 Gems',
      image: '/images/plan-diamond.svg',
      price: 90,
      no_of_diamonds: 100,
      status: '1',
      position: 1,
    };
    const plan = await asAdmin('/admin/plans', planForm);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await callApi<{ data: { price: number }[] }>(plansPath)).body.data.map((row) => row.price)).toEqual([90]);
    expect(cacheState(await callApi(plansPath))).toBe('Hit from cloudfront');
    expect((await asAdmin('/admin/plans', { ...planForm, plans_id: plan.body.data.plans_id, price: 95 })).status).toBe(200);
    const changed = await callApi<{ data: { price: number }[] }>(plansPath);
    expect(cacheState(changed)).toBe('Miss from cloudfront');
    expect(changed.body.data.map((row) => row.price)).toEqual([95]);

    const brand = await asAdmin('/admin/master_categories', { cname: `Edge cards ${tag()}.`, image: '/images/itunes.svg', position: 971 });
    const voucher = await asAdmin('/admin/vouchers', {
      mcategory_id: brand.body.data.id,
      voucher_name: 'Card ৳100',
      price: 100,
      image: '/images/voucher-gp-500.svg',
      description: '<p>Rules</p>',
      position: 1,
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    const vouchersPath = `/user/auto_delivery_vouchers_list?mcategory_id=${brand.body.data.id}`;
    const stockOf = (response: ApiResponse<{ data: { stock: number }[] }>) => response.body.data.map((row) => row.stock);
    expect(stockOf(await callApi(vouchersPath))).toEqual([0]);
    expect(cacheState(await callApi(vouchersPath))).toBe('Hit from cloudfront');
    const codes = Array.from({ length: 3 }, (_, n) => `EDGE-${tag()}-${n}`).join('\n');
    expect((await asAdmin(`/admin/vouchers/${voucher.body.data.voucher_id}/codes`, { codes })).status).toBe(200);
    const stocked = await callApi<{ data: { stock: number }[] }>(vouchersPath);
    expect(cacheState(stocked)).toBe('Miss from cloudfront');
    expect(stockOf(stocked)).toEqual([3]);
  });
});
