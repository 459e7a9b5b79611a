import { describe, expect, it } from 'vitest';
import { callApi } from '../../support/http';

describe('the home page slice', () => {
  it('lists the seeded master categories in menu order, in the contract shape', async () => {
    const response = await callApi<{ data: { id: string; cname: string; image: string }[] }>('/user/master_category_list');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(1);
    const categories = response.body.data;
    // Other tests add games of their own at position 900, after the seeded menu.
    expect(categories.slice(0, 6).map((c) => c.cname)).toEqual([
      'Free Fire',
      'PUBG Mobile',
      'Mobile Legends',
      'Google Play gift cards.',
      'iTunes gift cards.',
      'Steam wallet codes.',
    ]);
    for (const category of categories) expect(Object.keys(category).sort()).toEqual(['cname', 'id', 'image']);
  });

  it('lists the banner events with image, name and HTML description', async () => {
    const response = await callApi<{ data: { image: string; ename: string; description: string }[] }>('/user/event_list');
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThanOrEqual(3);
    const first = response.body.data[0]!;
    expect(Object.keys(first).sort()).toEqual(['description', 'ename', 'image']);
    expect(first.description).toMatch(/^<a href="\/category\//);
  });

  it('sends no-store (the edge-cached reads aside) and nosniff on API answers', async () => {
    const response = await callApi('/user/shop_status');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
