import { loadServerMessages, translateServerMessage } from '../../lib/server-messages';
import type { CheckoutAnswer } from '@contract/wire';

/** A gateway payment that the shopper started: what it pays for (our own id), where to pay it, and where it was started. */
export interface StartedPayment {
  kind: 'wallet' | 'order';
  /** The top-up request's or the order's id: the gateway's invoice id is not known until the payer comes back. */
  id: string;
  paymentUrl: string;
  /** The page (path and query) that started it: Retry after a cancel goes back there. */
  from: string;
  /** It was paid in the tab that started it (an in-app browser), not in a window of its own. */
  sameTab?: boolean;
}

/**
 * Facebook's, Messenger's and Instagram's in-app browsers, where a new window is unreliable (it
 * opens outside the app, or not at all): the gateway's page opens in the same tab there.
 */
export const isInAppBrowser = (userAgent: string) => /FBAN|FBAV|FB_IAB|Instagram|Messenger/i.test(userAgent);

/** A new window where one works; null in an in-app browser, where the payment goes in this tab. */
const openPaymentWindow = (): Window | null => (isInAppBrowser(navigator.userAgent) ? null : window.open('', '_blank'));

/** The session-storage entry of a payment window: which payment it was opened to pay. */
const windowMarkKey = 'paymentWindow';

/**
 * Marks a window (a new one, still on about:blank and so of this origin, or this one) with the
 * payment it goes to pay. Its session storage outlives the trip to the gateway, so the page the
 * gateway sends it back to knows where the payment was started (Retry) and that it may close.
 */
function markWindow(target: Window, payment: StartedPayment): void {
  try {
    target.sessionStorage.setItem(windowMarkKey, JSON.stringify(payment));
  } catch {
    // A window we cannot write to still pays; its return page then knows the payment from its link alone.
  }
}

/** The local-storage entry of a started payment, by our id: what every tab of the shop knows of it. */
const startedKey = (id: string) => `paymentStarted:${id}`;

/**
 * Remembers where a payment was started for the shop's every tab in this browser, in case the
 * window's own mark is lost (a window that was not ours to write, or a payer brought back in
 * another tab): the page it comes back to still goes back to the choice.
 */
function rememberStarted(payment: StartedPayment): void {
  try {
    localStorage.setItem(startedKey(payment.id), JSON.stringify(payment));
  } catch {
    // Without storage the return page knows the payment from its link alone.
  }
}

/** The payment this window was opened to pay, if it was. */
export function paymentOfThisWindow(): StartedPayment | undefined {
  try {
    const raw = sessionStorage.getItem(windowMarkKey);
    return raw ? (JSON.parse(raw) as StartedPayment) : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the mark once the return page has dealt with it, so that a reload does not repeat it. */
export function forgetPaymentOfThisWindow(): void {
  sessionStorage.removeItem(windowMarkKey);
}

/** Where a payment (our id) was started in this browser, if it was; forgotten once asked. */
export function takeStartedPayment(id: string): StartedPayment | undefined {
  try {
    const raw = localStorage.getItem(startedKey(id));
    localStorage.removeItem(startedKey(id));
    return raw ? (JSON.parse(raw) as StartedPayment) : undefined;
  } catch {
    return undefined;
  }
}

/** Points a window opened at the click at the payment link, or this window when the browser blocked the new one. */
function goPay(tab: Window | null, payment: StartedPayment): void {
  markWindow(tab ?? window, tab ? payment : { ...payment, sameTab: true });
  rememberStarted(tab ? payment : { ...payment, sameTab: true });
  if (tab) tab.location.href = payment.paymentUrl;
  else window.location.assign(payment.paymentUrl);
}

/**
 * Opens the gateway's page in a new window (in this tab in an in-app browser). The window is
 * opened at the click (so that popup blockers allow it) and pointed at the payment link once the
 * server answers, or closed again.
 * Answers the payment started, or the server's message when it did not open a checkout.
 */
export async function payInNewWindow(
  start: () => Promise<CheckoutAnswer>,
  what: Pick<StartedPayment, 'kind' | 'from'>,
): Promise<{ started: StartedPayment } | { refusal: string }> {
  const tab = openPaymentWindow();
  try {
    const answer = await start();
    if (answer.status === 1 && answer.payment_url) {
      const started = { ...what, id: answer.id, paymentUrl: answer.payment_url };
      goPay(tab, started);
      return { started };
    }
    tab?.close();
    // The gateway route's refusal comes in its answer, not as an error: in the shop's language too.
    await loadServerMessages();
    return { refusal: translateServerMessage(answer.message) };
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Opens the page of a payment that waits (Pay now, Retry) in a new window (this tab in an in-app browser), marked as for that payment. */
export function reopenPayment(payment: StartedPayment): void {
  goPay(openPaymentWindow(), payment);
}
