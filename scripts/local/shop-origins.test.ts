import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isShopOrigin } from './shop-origins';

const url = 'http://localhost:3000';
const interfaceAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((network) => !network!.internal)
  .map((network) => (network!.family === 'IPv6' ? `[${network!.address}]` : network!.address));

describe("the shop's own origins (the local file store's CORS rule)", () => {
  it('are the loopback names on the shop port when the stack listens on loopback', () => {
    for (const host of [undefined, '127.0.0.1', 'localhost']) {
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
        expect(isShopOrigin(origin, { url, host }), `${origin} ${host}`).toBe(true);
      for (const address of interfaceAddresses)
        expect(isShopOrigin(`http://${address}:3000`, { url, host }), `${address} ${host}`).toBe(false);
    }
  });

  it("add the machine's interface addresses and the named host when it listens beyond loopback", () => {
    expect(interfaceAddresses.length).toBeGreaterThan(0);
    for (const host of ['0.0.0.0', '::']) {
      for (const address of interfaceAddresses)
        expect(isShopOrigin(`http://${address}:3000`, { url, host }), `${address} ${host}`).toBe(true);
      expect(isShopOrigin('http://127.0.0.1:3000', { url, host })).toBe(true);
    }
    expect(isShopOrigin('http://devbox.local:3000', { url, host: 'devbox.local' })).toBe(true);
    expect(isShopOrigin('http://0.0.0.0:3000', { url, host: '0.0.0.0' })).toBe(false);
  });

  it('are never another host, port or scheme', () => {
    for (const origin of [
      'http://evil.example',
      'http://evil.example:3000',
      'https://localhost:3000',
      'http://localhost:3001',
      'http://localhost',
      'null',
      'http://localhost:3000/',
    ]) {
      expect(isShopOrigin(origin, { url, host: '0.0.0.0' }), origin).toBe(false);
    }
  });
});
