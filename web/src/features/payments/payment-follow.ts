import type { PaymentCheck } from '@contract/wire';
import { useEffect, useRef, useState } from 'react';
import { type PaymentStatus, type Worded, paymentFromWire, paymentToWire } from '../../lib/statuses';

/**
 * What a tab learnt of a payment and tells the shop's other tabs: the settle step's answer, naming
 * the payment by our own id. It crosses between tabs in wire form (a tab may run an older build).
 */
export type PaymentNews = Worded<PaymentCheck, PaymentStatus>;

const channelName = 'topupbazar-payments';

/** How often, and for how long after it starts, a tab asks about a payment it started. */
export const followPollMs = 3000;
export const followForMs = 3 * 60_000;

/** Tells every other tab of the shop in this browser what became of a payment (from the gateway's return page). */
export function announcePayment(news: PaymentNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(paymentToWire(news));
  channel.close();
}

/** Calls `listener` with the news of every payment that another tab of the shop announces. */
export function usePaymentNews(listener: (news: PaymentNews) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(channelName);
    channel.onmessage = (event: MessageEvent<PaymentCheck>) => latest.current(paymentFromWire(event.data));
    return () => channel.close();
  }, []);
}

/**
 * Follows a payment this tab started (our id of it), until `paymentId` is cleared: `refresh` (a re-read of the
 * list that holds its row) runs when a return page announces news of it, when the tab comes
 * back into view, and every few seconds for the first minutes. Answers the news announced of it.
 * It never asks the gateway itself: that is the return page's one call, and it is rate-limited.
 */
export function usePaymentFollow(paymentId: string | undefined, refresh: () => void): PaymentNews | undefined {
  const [news, setNews] = useState<PaymentNews>();
  const latest = useRef(refresh);
  latest.current = refresh;
  usePaymentNews((heard) => {
    if (!paymentId || heard.id !== paymentId) return;
    setNews(heard);
    latest.current();
  });
  useEffect(() => {
    setNews(undefined);
    if (!paymentId) return;
    const onView = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    window.addEventListener('focus', onView);
    document.addEventListener('visibilitychange', onView);
    const until = Date.now() + followForMs;
    const poll = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(poll);
      else latest.current();
    }, followPollMs);
    return () => {
      window.removeEventListener('focus', onView);
      document.removeEventListener('visibilitychange', onView);
      window.clearInterval(poll);
    };
  }, [paymentId]);
  return news;
}

/**
 * For a list with payments in it (orders, top-ups): `refresh` runs on the news of any payment
 * from another tab, and, while some row still waits for its payment, whenever the tab comes back
 * into view (the payer may have paid in a window that never came back here).
 */
export function useListFollowsPayments(waiting: boolean, refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  usePaymentNews(() => latest.current());
  useEffect(() => {
    if (!waiting) return;
    const onView = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    window.addEventListener('focus', onView);
    document.addEventListener('visibilitychange', onView);
    return () => {
      window.removeEventListener('focus', onView);
      document.removeEventListener('visibilitychange', onView);
    };
  }, [waiting]);
}
