import type { PaymentReceipt } from '../contract/admin-wire';
import { normalizeMobile } from '../contract/rules';

/**
 * What the gateway told us of a payment it settled, kept on what the payment paid for (a top-up
 * request, an order) and in the gateway's day book: the provider, the payer's number, the
 * provider's transaction id (a refund names it), and the gateway's fee and charged amount as its
 * own decimal strings.
 */
export interface GatewayReceipt {
  /** The gateway that took the payment (a refund goes back through it); absent on receipts from before gateways were named. */
  gateway?: string;
  invoiceId: string;
  paymentMethod: string;
  senderNumber: string;
  transactionId: string;
  fee: string;
  chargedAmount: string;
}

/** The payer search's index partition of a payer's number as the gateway reported it (gsi2). */
export const payerPartition = (senderNumber: string) => `PAYER#${normalizeMobile(senderNumber)}`;

/**
 * Where a settled payment's order or top-up is found by its payer's number: gsi2 `PAYER#<number>`,
 * sorted by when it was paid (the payer search of a theft report); none when the gateway gave no number.
 */
export const payerIndexKeys = (receipt: GatewayReceipt, paidAt: string, id: string): { gsi2pk?: string; gsi2sk?: string } =>
  receipt.senderNumber?.trim() ? { gsi2pk: payerPartition(receipt.senderNumber), gsi2sk: `${paidAt}#${id}` } : {};

/** A payer's mobile number as views show it: the last three digits only. */
export const maskedNumber = (number: string) =>
  number.length > 3 ? `${'•'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}` : number;

/** A receipt on the wire, the payer's number masked. */
export const receiptView = (receipt: GatewayReceipt): PaymentReceipt => ({
  invoice_id: receipt.invoiceId,
  payment_method: receipt.paymentMethod,
  sender_number: maskedNumber(receipt.senderNumber),
  transaction_id: receipt.transactionId,
  fee: receipt.fee,
  charged_amount: receipt.chargedAmount,
});
