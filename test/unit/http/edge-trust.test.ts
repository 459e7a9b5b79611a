import { describe, expect, it, vi } from 'vitest';
import { clientAddress } from '../../../functions/http/client-address';
import { checkoutLinks, gatewayUrlOf } from '../../../functions/gateway/port';

describe('the client address', () => {
  it("is CloudFront's x-viewer-ip, else API Gateway's source", () => {
    expect(clientAddress('203.0.113.9', '10.0.0.1')).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('::ffff:203.0.113.9', '10.0.0.1')).toBe('203.0.113.9');
  });

  it('counts an IPv6 caller by its /64, however it writes the address', () => {
    const one = clientAddress('2001:db8:abcd:12:1111:2222:3333:4444', '::1');
    expect(one).toBe('2001:db8:abcd:12::/64');
    expect(clientAddress('2001:0DB8:abcd:0012::9', '::1')).toBe(one);
    expect(clientAddress('2001:db8:abcd:13::1', '::1')).not.toBe(one);
    expect(clientAddress('2001:db8::1', '::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('checkout links', () => {
  it("name the stage's configured site, never a request's host, and carry our own reference (a cancel brings nothing else back)", () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.com/');
    const reference = { kind: 'wallet' as const, userId: 'U1', id: '0KQ3ZD7M2X' };
    expect(checkoutLinks({ name: 'uddoktapay', webhookPath: '/payment/webhook' }, '/profile/userWallet', reference)).toEqual({
      redirectUrl: 'https://shop.example.com/profile/userWallet?payment=0KQ3ZD7M2X',
      cancelUrl: 'https://shop.example.com/profile/userWallet?payment=0KQ3ZD7M2X&cancelled=1',
      webhookUrl: 'https://shop.example.com/api/payment/webhook',
    });
    expect(checkoutLinks({ name: 'sslcommerz' }, '/profile/userWallet', reference).webhookUrl).toBe(
      'https://shop.example.com/api/payment/sslcommerz/webhook',
    );
    vi.unstubAllEnvs();
  });
});

describe("a second gateway's base URL", () => {
  it('comes from the stage settings by its registry name, and a gateway the stage does not configure fails where it is used', () => {
    vi.stubEnv('GATEWAY_URLS', JSON.stringify({ sslcommerz: 'https://securepay.sslcommerz.com/' }));
    expect(gatewayUrlOf('sslcommerz')).toBe('https://securepay.sslcommerz.com');
    expect(() => gatewayUrlOf('shurjopay')).toThrow(/no URL for the payment gateway "shurjopay"/);
    vi.unstubAllEnvs();
  });
});
