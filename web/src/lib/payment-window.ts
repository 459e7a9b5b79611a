import type { CheckoutAnswer } from '@contract/wire';

/**
 * Opens the gateway's page in a new window. The window is opened at the click (so that popup
 * blockers allow it) and pointed at the payment link once the server answers, or closed again.
 * Answers the server's message when it did not open a checkout.
 */
export async function payInNewWindow(start: () => Promise<CheckoutAnswer>): Promise<string | undefined> {
  const tab = window.open('', '_blank');
  try {
    const answer = await start();
    if (answer.status === 1 && answer.payment_url) {
      if (tab) tab.location.href = answer.payment_url;
      else window.location.assign(answer.payment_url);
      return undefined;
    }
    tab?.close();
    return answer.message;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
