import type { PaymentCheck, WireStatus } from '../contract/wire';
import type { PaymentState } from '../gateway/port';
import type { SettleResult } from './service';

const wireStatus: Record<PaymentState, WireStatus> = { pending: '0', completed: '1', cancelled: '2' };

/** The contract's answer to verify_payment: `{kind, id, status}`. */
export const paymentCheckView = (result: SettleResult): PaymentCheck => ({
  kind: result.kind,
  id: result.id,
  status: wireStatus[result.status],
});
