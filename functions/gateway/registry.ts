import { NotFound } from '../shared/errors';
import { type GatewayCallback, type PaymentGateway, gatewayOf } from './port';
import { uddoktaPay } from './uddoktapay';

/** The gateways the shop can speak to, by name, and the stage's choice among them. */
export interface GatewayRegistry {
  readonly names: readonly string[];
  /** Where new checkouts open: the stage's default gateway. */
  readonly forCheckout: PaymentGateway;
  /** Every gateway, the default first: asked in turn about an invoice named without its gateway (a payer's return, an operator). */
  readonly inTurn: readonly PaymentGateway[];
  /** The gateway of that name; undefined for a name the shop does not know (a webhook path). */
  named(name: string): PaymentGateway | undefined;
  /** The gateway a payable was opened at or a receipt or an invoice hint names; a name no longer registered is a fault. */
  of(record: { gateway?: string }): PaymentGateway;
  /**
   * The gateway whose webhook path was called (`/payment/webhook`, the contract's, names none: it
   * is UddoktaPay's), when its adapter finds the call its own; undefined when it does not, and a
   * 404 for a name the shop does not know.
   */
  authenticate(pathGateway: string | undefined, callback: GatewayCallback): Promise<{ gateway: PaymentGateway } | undefined>;
}

/** A registry of `adapters`, new checkouts opening at `defaultName`'s; fails fast on a default it does not hold. */
export function gatewayRegistry(adapters: readonly PaymentGateway[], defaultName: string): GatewayRegistry {
  const byName = new Map(adapters.map((adapter) => [adapter.name, adapter]));
  const forCheckout = byName.get(defaultName);
  if (!forCheckout) throw new Error(`The default payment gateway "${defaultName}" is not one of ${[...byName.keys()].join(', ')}`);
  return {
    names: [...byName.keys()],
    forCheckout,
    inTurn: [forCheckout, ...adapters.filter((adapter) => adapter !== forCheckout)],
    named: (name) => byName.get(name),
    of(record) {
      const gateway = byName.get(gatewayOf(record));
      if (!gateway) throw new Error(`No adapter for the payment gateway "${gatewayOf(record)}"`);
      return gateway;
    },
    async authenticate(pathGateway, callback) {
      const gateway = byName.get(gatewayOf({ gateway: pathGateway }));
      if (!gateway) throw new NotFound('Not found');
      return (await gateway.isAuthentic(callback)) ? { gateway } : undefined;
    },
  };
}

/**
 * The stage's gateways: every adapter, one line each (a new gateway is its adapter file and its
 * line here), new checkouts opening at the stage setting `paymentGateway` (PAYMENT_GATEWAY), else
 * at the first.
 */
export const gateways = gatewayRegistry([uddoktaPay], process.env.PAYMENT_GATEWAY || uddoktaPay.name);
