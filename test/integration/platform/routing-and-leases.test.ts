import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withLease } from '../../../functions/shared/lease';
import { callApi } from '../../support/http';

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

describe('a lease in the table (one run of a job at a time, without reserved concurrency)', () => {
  it('lets one of many parallel runs work, frees itself after, and is taken over once it lapses', async () => {
    const name = `test-${randomUUID()}`;
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((done) => setTimeout(done, 200));
      running -= 1;
      return 'worked';
    };
    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => withLease(name, `run-${i}`, 60_000, work)));
    expect(runs.filter((run) => run === 'worked')).toHaveLength(1);
    expect(most).toBe(1);
    expect(await withLease(name, 'next', 60_000, work)).toBe('worked');

    // A holder that died (never gave it back) holds it only until it lapses: 3 s, which a loaded
    // machine's next call comes well within.
    const dead = withLease(name, 'dead', 3_000, () => new Promise<string>(() => undefined));
    await new Promise((done) => setTimeout(done, 50));
    expect(await withLease(name, 'early', 60_000, work)).toBeUndefined();
    await new Promise((done) => setTimeout(done, 3_100));
    expect(await withLease(name, 'late', 60_000, work)).toBe('worked');
    void dead;
  });
});
