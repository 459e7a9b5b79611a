import { describe, expect, it, vi } from 'vitest';
import type { PaymentGateway } from '../../../functions/gateway/port';

vi.stubEnv('GATEWAY_URL', 'http://127.0.0.1:9');
const { gatewayRegistry, gateways } = await import('../../../functions/gateway/registry');
const { NotFound } = await import('../../../functions/shared/errors');

/** A gateway that knows only its name and whether a call carries its word. */
const fakeGateway = (name: string, word = name): PaymentGateway => ({
  name,
  createCheckout: async () => ({ paymentUrl: `https://${name}.example/pay` }),
  verify: async () => {
    throw new Error('not asked here');
  },
  refund: async () => {},
  isAuthentic: async ({ headers }) => headers.word === word,
  invoiceNamedBy: ({ body }) => String(body.invoice),
});

describe('the gateway registry', () => {
  const uddokta = fakeGateway('uddoktapay');
  const second = fakeGateway('sslcommerz');

  it("opens checkouts at the stage's gateway, asks it first about an invoice named without one, and the others after", () => {
    const registry = gatewayRegistry([uddokta, second], 'sslcommerz');
    expect(registry.forCheckout).toBe(second);
    expect(registry.inTurn).toEqual([second, uddokta]);
    expect(() => gatewayRegistry([uddokta], 'sslcommerz')).toThrow(/default payment gateway "sslcommerz"/);
  });

  it('finds the gateway a record names, UddoktaPay for records from before gateways were named, and faults on one no longer registered', () => {
    const registry = gatewayRegistry([uddokta, second], 'uddoktapay');
    expect(registry.of({ gateway: 'sslcommerz' })).toBe(second);
    expect(registry.of({})).toBe(uddokta);
    expect(() => registry.of({ gateway: 'shurjopay' })).toThrow(/No adapter/);
  });

  it("lets each adapter judge calls to its own webhook path; the contract's path is UddoktaPay's; an unknown name is a 404", async () => {
    const registry = gatewayRegistry([uddokta, second], 'uddoktapay');
    const call = (word: string) => ({ headers: { word }, body: {}, rawBody: '' });
    expect(await registry.authenticate('sslcommerz', call('sslcommerz'))).toEqual({ gateway: second });
    expect(await registry.authenticate('sslcommerz', call('uddoktapay'))).toBeUndefined();
    expect(await registry.authenticate(undefined, call('uddoktapay'))).toEqual({ gateway: uddokta });
    await expect(registry.authenticate('shurjopay', call('shurjopay'))).rejects.toBeInstanceOf(NotFound);
  });

  it("holds UddoktaPay alone today, whose checkouts still name the contract's webhook path", () => {
    expect(gateways.names).toEqual(['uddoktapay']);
    expect(gateways.forCheckout.webhookPath).toBe('/payment/webhook');
  });
});
