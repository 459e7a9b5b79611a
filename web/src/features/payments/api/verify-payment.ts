import { apiRequest } from '../../../lib/api';

/** Where a gateway payment stands after the return: "1" paid, "2" not completed, "0" still processing. */
export interface PaymentCheck {
  kind: 'wallet' | 'order';
  id: string;
  status: '0' | '1' | '2';
}

/** POST /user/verify_payment: settles the caller's own payment now if the gateway says it is paid. */
export async function verifyPayment(invoiceId: string): Promise<{ message: string; data: PaymentCheck }> {
  return apiRequest<PaymentCheck>('POST', '/user/verify_payment', { body: { invoice_id: invoiceId } });
}
