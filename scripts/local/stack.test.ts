import { createServer } from 'node:http';
import { afterEach, expect, it, vi } from 'vitest';
import { viteMiddleware } from './stack';

afterEach(() => {
  vi.restoreAllMocks();
});

// Vite prints its deprecations with console.warn, apart from its logger.
it('starts the dev server of npm start without a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const web = await viteMiddleware();
  await web.attach(createServer());
  await web.close();
  expect(warn.mock.calls.map((call) => call.join(' '))).toEqual([]);
}, 30_000);
