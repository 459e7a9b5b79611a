import { type ComponentType, createContext, useContext } from 'react';
import type { StartedPayment } from './payment-window';

/** What became of a waiting payment after its Cancel: cancelled, or found paid after all. */
export type CancelOutcome = 'cancelled' | 'paid';

export interface PaymentActionsProps {
  payment: StartedPayment;
  /** Called once Cancel has settled it one way or the other. */
  onCancelled?: (outcome: CancelOutcome) => void;
  /** Called when Pay now has opened the payment's page again. */
  onReopened?: () => void;
  /**
   * When the gateway has the payment and the provider is confirming it (PENDING, approved within
   * hours), since when: the payer is told so, and not offered to pay again.
   */
  confirmingSince?: string;
}

const Slot = createContext<ComponentType<PaymentActionsProps> | null>(null);

/**
 * Pay now / Cancel for a payment that waits, wherever one shows (order and wallet lists, the order
 * page, the forms that started it). The payments feature draws them; the app shell hands that
 * component down here, so that other features can show it without importing the payments feature.
 */
export const PaymentActionsProvider = Slot.Provider;

/** The payments feature's Pay now / Cancel for this payment (nothing outside the app shell). */
export function PaymentActions(props: PaymentActionsProps) {
  const Actions = useContext(Slot);
  return Actions ? <Actions {...props} /> : null;
}
