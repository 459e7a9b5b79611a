import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayCredentials } from '../../functions/shared/secrets';
import { gatewaySecret, gatewayStandInNames, startGatewayStandIns } from './gateway-stand-ins';

/** A second gateway's stand-in as its author would write it: a file named for its registry name. */
const acmePayStandIn = `
import { createServer } from 'node:http';
export const credentials = (seed: string) => ({ storeId: 'acme-store', storePassword: seed });
export async function start({ credentials }: { credentials: { storePassword: string } }) {
  const server = createServer((request, response) =>
    response.end(request.headers.authorization === credentials.storePassword ? 'merchant' : 'stranger'),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: 'http://127.0.0.1:' + port, stop: () => new Promise<void>((done) => server.close(() => done())) };
}
`;

describe('the other payment gateways of the local stack', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-stand-ins-'));
    await writeFile(join(dir, 'acmepay.ts'), acmePayStandIn);
    await writeFile(join(dir, 'notes.md'), 'not a stand-in');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the secret UddoktaPay’s bare key while it is the only gateway', async () => {
    expect(await gatewayStandInNames(join(dir, 'missing'))).toEqual([]);
    const none = await startGatewayStandIns('uddokta-key', join(dir, 'missing'));
    expect(none.urls).toEqual({});
    expect(none.secret).toBe('uddokta-key');
    await none.stop();
  });

  it('starts each stand-in found by its file name, with credentials every gateway reads from one JSON secret', async () => {
    expect(await gatewayStandInNames(dir)).toEqual(['acmepay']);
    const started = await startGatewayStandIns('uddokta-key', dir);
    try {
      expect(Object.keys(started.urls)).toEqual(['acmepay']);
      // What a test worker computes from the key it handed the stack is what the stack gave its functions.
      expect(await gatewaySecret('uddokta-key', ['acmepay'], dir)).toBe(started.secret);
      vi.stubEnv('GATEWAY_API_KEY', started.secret);
      expect(await gatewayCredentials('uddoktapay', { ownsBareKey: true })).toBe('uddokta-key');
      const acme = (await gatewayCredentials('acmepay')) as { storeId: string; storePassword: string };
      expect(acme.storeId).toBe('acme-store');
      const asMerchant = await fetch(started.urls.acmepay!, { headers: { authorization: acme.storePassword } });
      expect(await asMerchant.text()).toBe('merchant');
      expect(await (await fetch(started.urls.acmepay!)).text()).toBe('stranger');
      // Another stack's key makes other credentials.
      expect(await gatewaySecret('another-key', ['acmepay'], dir)).not.toBe(started.secret);
    } finally {
      vi.unstubAllEnvs();
      await started.stop();
    }
  });
});
