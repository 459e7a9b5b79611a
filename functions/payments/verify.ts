import { GatewayError, type Invoice, type VerifiedPayment } from '../gateway/port';
import { gateways } from '../gateway/registry';
import { businessMetrics } from '../shared/metrics';

/**
 * Asks an invoice's gateway what became of it (every settle step and a refund's follow-up go
 * through here). A call that gets no usable answer (unreachable, timed out, a 5xx, unreadable) is
 * counted as a verify failure before it is thrown on; a refusal (an invoice the gateway does not
 * know, which a stale or mistyped link gives) is the gateway answering, and is not.
 */
export async function verifyInvoice(invoice: Invoice): Promise<VerifiedPayment> {
  try {
    return await gateways.of(invoice).verify(invoice.invoiceId);
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'unavailable') businessMetrics.paymentVerifyFailed();
    throw error;
  }
}
