import { describe, expect, it } from 'vitest';
import { callApi } from '../support/http';

describe('the API platform: routing, envelope and body handling', () => {
  it('answers an unknown /api path with the 404 envelope', async () => {
    const response = await callApi('/user/no_such_thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 0, message: 'Not found' });
  });

  it('answers a known path with the wrong method with 405, the envelope and Allow', async () => {
    const response = await callApi('/user/master_category_list', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ status: 0, message: 'Method not allowed' });
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('answers a path and its trailing-slash twin alike', async () => {
    const plain = await callApi('/user/master_category_list');
    const slashed = await callApi('/user/master_category_list/');
    expect(slashed.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  });

  it('treats a garbage Authorization header on a public route as no token', async () => {
    for (const token of ['garbage', 'Bearer ', 'Bearer a.b.c', '']) {
      const response = await callApi('/user/event_list', { token });
      expect(response.status, token).toBe(200);
      expect(response.body.status).toBe(1);
    }
  });

  it('decides 404 or 405 before looking at the body', async () => {
    const raw = { body: '{"broken', contentType: 'application/json' };
    expect((await callApi('/user/event_list', { method: 'POST', raw })).status).toBe(405);
    expect((await callApi('/user/nothing_here', { method: 'POST', raw })).status).toBe(404);
  });
});
