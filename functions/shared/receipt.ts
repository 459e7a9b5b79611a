import type { PaymentReceipt } from '../contract/admin-wire';

/**
 * What the gateway told us of a payment it settled, kept on what the payment paid for (a top-up
 * request, an order) and in the gateway's day book: the provider, the payer's number, the
 * provider's transaction id (a refund names it), and the gateway's fee and charged amount as its
 * own decimal strings.
 */
export interface GatewayReceipt {
  invoiceId: string;
  paymentMethod: string;
  senderNumber: string;
  transactionId: string;
  fee: string;
  chargedAmount: string;
}

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
