import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newBlogPost, newGame, newGroup, newPlan, newVoucher, stockCodes } from '../../support/catalog';
import { callApi } from '../../support/http';

/** A fresh id for this test's own items (never a seeded one). */
const uniqueId = (label: string) => `${label}-${randomBytes(5).toString('hex')}`;

type Group = { id: string; cname: string; image: string; master_category: string };
type PlanRow = { plans_id: string; pname: string; image: string; price: number; no_of_diamonds: number; status: number };
type VoucherRow = { voucher_id: string; voucher_name: string; image: string; price: number; stock: number; description: string };
type BlogRow = { blog_id: string; type: string; image: string; youtube_id: string; title: string; content: string; created_at: string };

describe('POST /user/category_list', () => {
  it("lists a game's plan groups in order, in the contract shape", async () => {
    const response = await callApi<{ data: Group[] }>('/user/category_list', { form: { master_category: 'free-fire', user_id: '' } });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(1);
    expect(response.body.data.map((group) => [group.id, group.cname])).toEqual([
      ['ff-uid', 'UID TOPUP'],
      ['ff-id-password', 'ID-Password Topup'],
    ]);
    for (const group of response.body.data) {
      expect(Object.keys(group).sort()).toEqual(['cname', 'id', 'image', 'master_category', 'player_id_format']);
      expect(group.master_category).toBe('free-fire');
    }
  });

  it('orders groups by position, not by id', async () => {
    const masterId = uniqueId('game');
    await newGame(masterId);
    await newGroup({ id: `${masterId}-a`, masterCategoryId: masterId, name: 'Second', image: '/images/group-uid.svg', position: 2 });
    await newGroup({ id: `${masterId}-b`, masterCategoryId: masterId, name: 'First', image: '/images/group-uid.svg', position: 1 });
    const response = await callApi<{ data: Group[] }>('/user/category_list', { form: { master_category: masterId } });
    expect(response.body.data.map((group) => group.cname)).toEqual(['First', 'Second']);
  });

  it('answers [] for a known category without groups and 404 for an unknown one', async () => {
    const giftCards = await callApi('/user/category_list', { form: { master_category: 'google-play' } });
    expect(giftCards.status).toBe(200);
    expect(giftCards.body.data).toEqual([]);
    const unknown = await callApi('/user/category_list', { form: { master_category: uniqueId('nothing') } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 0, message: 'Category not found' });
  });

  it('refuses a malformed or missing category id with 400', async () => {
    const malformed = await callApi('/user/category_list', { form: { master_category: 'free fire/../x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ master_category: 'Invalid category id' });
    const missing = await callApi('/user/category_list', { form: { user_id: '1' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('category id is required');
  });
});

describe('POST /user/plan_list/', () => {
  it("lists a group's plans in order with price, diamonds and status, with and without the slash", async () => {
    const groupId = uniqueId('group');
    const gameId = uniqueId('game');
    await newGame(gameId);
    await newGroup({ id: groupId, masterCategoryId: gameId, name: 'UID TOPUP', image: '/images/group-uid.svg', position: 1 });
    const plan = { groupId, image: '/images/plan-diamond.svg' };
    await newPlan({ ...plan, id: `${groupId}-big`, name: '520 Diamonds', price: 350, diamonds: 520, status: 0, position: 2 });
    await newPlan({ ...plan, id: `${groupId}-small`, name: '25 Diamonds', price: 22, diamonds: 25, status: 1, position: 1 });

    const response = await callApi<{ data: PlanRow[] }>('/user/plan_list/', { form: { category_id: groupId } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { plans_id: `${groupId}-small`, pname: '25 Diamonds', image: '/images/plan-diamond.svg', price: 22, no_of_diamonds: 25, status: 1 },
      { plans_id: `${groupId}-big`, pname: '520 Diamonds', image: '/images/plan-diamond.svg', price: 350, no_of_diamonds: 520, status: 0 },
    ]);
    const withoutSlash = await callApi('/user/plan_list', { json: { category_id: groupId } });
    expect(withoutSlash.body).toEqual(response.body);
  });

  it('answers [] for a group without plans, 404 for an unknown group, 400 for a malformed id', async () => {
    const groupId = uniqueId('empty-group');
    const gameId = uniqueId('game');
    await newGame(gameId);
    await newGroup({ id: groupId, masterCategoryId: gameId, name: 'Coming soon', image: '/images/group-uid.svg', position: 1 });
    const empty = await callApi('/user/plan_list/', { form: { category_id: groupId } });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);

    const unknown = await callApi('/user/plan_list/', { form: { category_id: uniqueId('nothing') } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe(0);

    const malformed = await callApi('/user/plan_list/', { form: { category_id: '<script>' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('category_id');
  });
});

describe('POST /user/auto_delivery_vouchers_list', () => {
  it('lists vouchers with the exact number of unsold codes as stock, and the Rules HTML as written', async () => {
    const brandId = uniqueId('brand');
    await newGame(brandId, 'Test cards.');
    const rules = '<p>Redeem in the <em>store</em> app.</p><img src=x onerror="alert(1)">';
    await newVoucher({
      id: `${brandId}-10`,
      masterCategoryId: brandId,
      name: 'Gift card $10',
      image: '/images/voucher-itunes-10.svg',
      price: 1350,
      description: rules,
      position: 1,
    });
    await newVoucher({
      id: `${brandId}-25`,
      masterCategoryId: brandId,
      name: 'Gift card $25',
      image: '/images/voucher-itunes-25.svg',
      price: 3300,
      description: '<p>US only.</p>',
      position: 2,
    });
    await stockCodes(
      `${brandId}-10`,
      Array.from({ length: 23 }, (_, i) => `CODE-${brandId}-${i}`),
    );

    const response = await callApi<{ data: VoucherRow[] }>('/user/auto_delivery_vouchers_list', { form: { mcategory_id: brandId } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        voucher_id: `${brandId}-10`,
        voucher_name: 'Gift card $10',
        image: '/images/voucher-itunes-10.svg',
        price: 1350,
        stock: 23,
        description: rules,
      },
      {
        voucher_id: `${brandId}-25`,
        voucher_name: 'Gift card $25',
        image: '/images/voucher-itunes-25.svg',
        price: 3300,
        stock: 0,
        description: '<p>US only.</p>',
      },
    ]);
  });

  it('shows the seeded zero-stock voucher as stock 0', async () => {
    const response = await callApi<{ data: VoucherRow[] }>('/user/auto_delivery_vouchers_list', { form: { mcategory_id: 'itunes' } });
    expect(response.body.data.find((voucher) => voucher.voucher_id === 'itunes-10')?.stock).toBe(0);
  });

  it('answers [] for a known category without vouchers, 404 for an unknown one, 400 for a malformed id', async () => {
    const game = await callApi('/user/auto_delivery_vouchers_list', { form: { mcategory_id: 'free-fire' } });
    expect(game.status).toBe(200);
    expect(game.body.data).toEqual([]);
    const unknown = await callApi('/user/auto_delivery_vouchers_list', { form: { mcategory_id: uniqueId('nothing') } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 0, message: 'Category not found' });
    const malformed = await callApi('/user/auto_delivery_vouchers_list', { form: { mcategory_id: 'a b' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ mcategory_id: 'Invalid category id' });
  });
});

describe('GET /user/blog_list and /user/blog/{id}', () => {
  it('lists posts newest first with status true, and the content as written', async () => {
    const id = uniqueId('post');
    const content = '<p>Hello</p><script>window.hacked = true</script>';
    await newBlogPost({
      id,
      type: 'image',
      image: '/images/blog-topup-guide.svg',
      youtubeId: '',
      title: 'A test post',
      content,
      createdAt: '2030-01-01T00:00:00.000Z',
    });

    const response = await callApi<{ data: BlogRow[] }>('/user/blog_list');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(true);
    expect(response.body).not.toHaveProperty('message');
    const posts = response.body.data;
    for (const post of posts)
      expect(Object.keys(post).sort()).toEqual(['blog_id', 'content', 'created_at', 'image', 'title', 'type', 'youtube_id']);
    const dates = posts.map((post) => post.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(posts.find((post) => post.blog_id === id)).toEqual({
      blog_id: id,
      type: 'image',
      image: '/images/blog-topup-guide.svg',
      youtube_id: '',
      title: 'A test post',
      content,
      created_at: '2030-01-01T00:00:00.000Z',
    });
    expect(posts.find((post) => post.blog_id === 'ob46-update-video')).toMatchObject({ type: 'video', youtube_id: 'dQw4w9WgXcQ' });
  });

  it('answers one post by id', async () => {
    const id = uniqueId('video');
    await newBlogPost({
      id,
      type: 'video',
      image: '',
      youtubeId: 'abcdefghijk',
      title: 'A video',
      content: '<p>Watch</p>',
      createdAt: '2025-05-05T05:05:05.000Z',
    });
    const response = await callApi(`/user/blog/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: true,
      data: {
        blog_id: id,
        type: 'video',
        image: '',
        youtube_id: 'abcdefghijk',
        title: 'A video',
        content: '<p>Watch</p>',
        created_at: '2025-05-05T05:05:05.000Z',
      },
    });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const unknown = await callApi(`/user/blog/${uniqueId('nothing')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 0, message: 'Blog post not found' });
    const malformed = await callApi('/user/blog/not.an.id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ id: 'Invalid blog id' });
  });
});

describe('the site endpoints', () => {
  it('GET /user/shop_status answers whether the shop sells and the message when it does not', async () => {
    const response = await callApi('/user/shop_status');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      shopStatus: 1,
      errorMessage: 'The shop is closed for maintenance. Please come back in a little while.',
    });
  });

  it('GET /user/get_senders lists the payment channels in order', async () => {
    const response = await callApi<{ data: { id: string; name: string; logo: string; number: string }[] }>('/user/get_senders');
    expect(response.status).toBe(200);
    expect(response.body.data.map((channel) => channel.name)).toEqual(['bKash', 'Nagad', 'Rocket', 'Upay']);
    expect(response.body.data[0]).toEqual({ id: 'bkash', name: 'bKash', logo: '/images/sender-bkash.svg', number: '01700-000001' });
  });

  it('GET /user/site_settings answers both popups with string statuses, contact and social links', async () => {
    const response = await callApi<{ data: Record<string, unknown> }>('/user/site_settings');
    expect(response.status).toBe(200);
    const settings = response.body.data;
    expect(Object.keys(settings).sort()).toEqual(
      [
        'app_link',
        'coupans',
        'errorMessage',
        'messenger_link',
        'whatsapp',
        'phone',
        'popup_image',
        'popup_image2',
        'popup_status',
        'popup_status2',
        'popup_text',
        'popup_text2',
        'popup_version',
        'popup_version2',
        'shopStatus',
        'social',
        'top_up_max',
        'top_up_min',
      ].sort(),
    );
    expect(settings).toMatchObject({
      popup_status: '1',
      popup_status2: '0',
      phone: '+880 1700-000000',
      messenger_link: 'https://m.me/topupbazar',
      whatsapp: '8801700000000',
    });
    expect(settings.popup_text).toContain('<strong>Weekend offer:</strong>');
    expect(settings.social).toContainEqual({ name: 'Facebook', url: 'https://facebook.com/topupbazar' });
  });

  it('GET /user/redeem_link answers the Watch video link as upay', async () => {
    const response = await callApi('/user/redeem_link');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ upay: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });
});
