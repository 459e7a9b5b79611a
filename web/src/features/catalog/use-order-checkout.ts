import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { ordersKey } from '../../lib/cache-keys';
import { toast } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { useUpdateUser } from '../auth/api/update-user';
import { useOrders } from '../orders/api/get-orders';
import { useGatewayCheckout } from '../payments/use-gateway-checkout';
import { type PlanOrderInput, usePlaceOrder } from './api/place-order';
import { currentLocale } from '../../lib/i18n';
import { loadServerMessages, translateServerMessage } from '../../lib/server-messages';
import { rememberGuestOrder, tokenOfOrderLink } from '../orders/guest-links';
import { useStartGuestOrderPayment } from './api/start-guest-order-payment';
import { useStartOrderPayment } from './api/start-order-payment';
import { useT } from './messages';
import { rememberPaymentMode } from './pay-mode-memory';
import type { OrderChoice } from './use-order-choice';

/** The total the server priced an order at when it refused another (409 "Price changed", `data.total`); undefined for any other failure. */
function repricedTotal(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const total = (error.body?.data as { total?: unknown } | undefined)?.total;
  return typeof total === 'number' ? total : undefined;
}

interface OrderCheckoutOptions {
  choice: OrderChoice;
  /** The game's name, as the shopper's orders list it. */
  gameName: string;
  /** While the shop is closed buying is disabled. */
  shopClosed: boolean;
}

/**
 * Buying what the order form's `choice` holds: Buy Now checks the account and opens the
 * confirmation; once confirmed the order is paid from the wallet (and the shopper goes to My
 * Orders) or through the gateway's page in a new window, followed here until it is paid or cancelled.
 * Buy Now waits while a payment for the same top-up waits, and offers signing in to a visitor.
 */
export function useOrderCheckout({ choice, gameName, shopClosed }: OrderCheckoutOptions) {
  const { t } = useT();
  const { trigger: placeOrder } = usePlaceOrder();
  const { trigger: startPayment } = useStartOrderPayment();
  const { trigger: updateUser } = useUpdateUser();
  const { trigger: startGuestPayment } = useStartGuestOrderPayment();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<PlanOrderInput>();
  const [offerSignIn, setOfferSignIn] = useState(false);
  /** The confirmation is a guest's: a contact for the receipt, the gateway only. */
  const [asGuest, setAsGuest] = useState(false);
  const { busy: placing, run } = useAction(t('catalog.somethingWentWrong'));
  const accountRef = useRef<HTMLFieldSetElement>(null);
  const { data: myOrders } = useOrders(choice.signedIn);
  const { plan, mode, accountId, userInfo } = choice;

  // The gateway payment this form started, followed through the orders list: once listed, a
  // payment that leaves the list was cancelled (a cancelled gateway order is never placed).
  /** A price the server changed meanwhile (a sale ended or sold out, 409): the confirmation opens again at its total, without the code. */
  const reopenRepriced = (order: PlanOrderInput, error: unknown) => {
    const total = repricedTotal(error);
    if (total !== undefined) setConfirming({ ...order, promo: undefined, repriced: total });
  };

  const gateway = useGatewayCheckout<PlanOrderInput>({
    kind: 'order',
    start: (order) =>
      startPayment(order).catch((error: unknown) => {
        reopenRepriced(order, error);
        throw error;
      }),
    from: () => choice.herePath(),
    list: ordersKey,
    rowOf: (payment) => {
      if (!myOrders) return undefined;
      const row = myOrders.find((order) => order.order_id === payment.id);
      if (!row) return 'absent';
      return !row.awaiting_payment && row.status !== 'refunded' ? 'paid' : 'waiting';
    },
    onPaid: choice.startOver,
    failureMessage: t('catalog.somethingWentWrong'),
  });
  const waiting = gateway.stage.kind === 'waiting';
  const busy = placing || gateway.busy;

  // A payment for this very top-up (plan and account) that waits, from this tab or another: Buy Now waits for it.
  const waitingSame =
    !waiting && plan && accountId
      ? myOrders?.find(
          (order) =>
            order.awaiting_payment &&
            order.plan_name === plan.pname &&
            order.saccount_id === accountId &&
            (!order.game || order.game === gameName),
        )
      : undefined;
  const canBuy = plan !== undefined && !shopClosed && !choice.walletShort && !busy && !waiting && !waitingSame;

  /** A new pack or mode: the last payment's notice, about the old choice, goes. */
  const choose = (name: 'plan' | 'mode', value: string) => {
    gateway.reset();
    choice.choose(name, value);
  };

  /** Buy Now: a visitor is offered signing in; an account with problems shows them; else the confirmation opens. */
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canBuy) return;
    if (!choice.signedIn) {
      setOfferSignIn(true);
      // A top-up by player ID paid through the gateway needs no account: the offer beside the button says so, no error.
      if (!choice.playerIdGroup || mode !== 'gateway') toast.error(t('catalog.loginToContinue'), { toastId: 'login-to-continue' });
      return;
    }
    openConfirmation(false);
  };

  /** The confirmation of the order the form holds, or its account fields' problems shown and the first focused. */
  const openConfirmation = (guest: boolean) => {
    const order = plan && choice.orderOf(plan);
    if (!order) {
      accountRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      accountRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
      return;
    }
    setAsGuest(guest);
    setConfirming(order);
  };

  /** Whether a visitor may buy this without an account: a top-up by player ID only (a game-account login needs one). */
  const guestAllowed = !choice.signedIn && choice.playerIdGroup;

  /** "Buy without an account": the guest's confirmation, when the form is complete. */
  const buyAsGuest = () => {
    if (!canBuy || !guestAllowed) return;
    openConfirmation(true);
  };

  /**
   * A guest confirmed: the gateway's checkout opens in this tab. The order's link is kept on the
   * device first (the return from the gateway opens it), then the browser goes to pay.
   */
  const confirmGuest = (order: PlanOrderInput, contact: string) => {
    setConfirming(undefined);
    void run(async () => {
      const answer = await startGuestPayment({ ...order, contact, language: currentLocale() }).catch((error: unknown) => {
        reopenRepriced(order, error);
        throw error;
      });
      if (answer.status !== 1 || !answer.payment_url) {
        await loadServerMessages();
        toast.error(translateServerMessage(answer.message) || t('catalog.somethingWentWrong'));
        return;
      }
      rememberGuestOrder({ orderId: answer.id, token: tokenOfOrderLink(answer.order_link), createdAt: new Date().toISOString() });
      window.location.assign(answer.payment_url);
    });
  };

  /** Confirmed: pays for the order the chosen way, with the mobile number the confirmation asked for (if given). */
  const confirm = (order: PlanOrderInput, mobileNo: string | undefined) => {
    setConfirming(undefined);
    rememberPaymentMode(mode);
    // The mobile number asked in the confirm step is saved on the way; an order never waits on it.
    if (mobileNo && userInfo)
      void updateUser({ name: userInfo.name, email: userInfo.email, mobile_no: mobileNo }).catch(() =>
        toast.error(t('catalog.mobileNotSaved')),
      );
    if (mode === 'gateway') {
      void gateway.pay(order);
      return;
    }
    void run(async () => {
      const message = await placeOrder(order).catch((error: unknown) => {
        reopenRepriced(order, error);
        throw error;
      });
      toast.success(message);
      navigate(paths.profileOrders);
    });
  };

  return {
    gateway,
    busy,
    waiting,
    waitingSame,
    canBuy,
    offerSignIn,
    guestAllowed,
    asGuest,
    buyAsGuest,
    confirmGuest,
    confirming,
    accountRef,
    choose,
    submit,
    confirm,
    /** Back from the confirmation to the form, to edit. */
    back: () => setConfirming(undefined),
  };
}

export type OrderCheckout = ReturnType<typeof useOrderCheckout>;
