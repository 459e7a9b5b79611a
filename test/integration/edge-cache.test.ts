import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { edgeCacheControl } from '../../functions/routes';
import { registerAndLogIn } from '../support/accounts';
import { type ApiResponse, callApi } from '../support/http';

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
