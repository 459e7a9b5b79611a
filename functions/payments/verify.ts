import { GatewayError, type VerifiedPayment } from '../gateway/port';
import { uddoktaPay } from '../gateway/uddoktapay';
import { businessMetrics } from '../shared/metrics';

/**
 * Asks the gateway what became of an invoice (every settle step and a refund's follow-up go
 * through here). A call that gets no usable answer (unreachable, timed out, a 5xx, unreadable) is
 * counted as a verify failure before it is thrown on; a refusal (an invoice the gateway does not
 * know, which a stale or mistyped link gives) is the gateway answering, and is not.
 */
export async function verifyInvoice(invoiceId: string): Promise<VerifiedPayment> {
  try {
    return await uddoktaPay.verify(invoiceId);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'unavailable') businessMetrics.paymentVerifyFailed();
    throw error;
  }
}
