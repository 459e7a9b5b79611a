import type { PaymentReference } from './gateway';

/**
 * Items waiting for a gateway payment (wallet requests, gateway plan orders) carry these gsi2
 * attributes, so that the reconciler finds them oldest first without a scan; settling or
 * cancelling removes them (a sparse index).
 */
export const pendingPaymentsPartition = 'PAYMENT#PENDING';

export function pendingPaymentKeys(reference: PaymentReference, createdAt: string) {
  return { gsi2pk: pendingPaymentsPartition, gsi2sk: `${createdAt}#${reference.kind}#${reference.userId}#${reference.id}` };
}
