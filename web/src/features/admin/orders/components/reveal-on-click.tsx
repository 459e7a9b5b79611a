import type { RevealedSecret } from '@contract/admin-wire';
import type { ReactNode } from 'react';
import { useAction } from '../../../../lib/use-action';
import { useRevealOrderSecret } from '../api/reveal-order-secret';

/**
 * What an order keeps from view (a game-account password, a stock order's code), asked for (and
 * audited) only on a click. It lives in this component's state alone: hidden again with Hide, and
 * gone when the page is left.
 */
export function RevealOnClick({
  orderId,
  what,
  children,
}: {
  orderId: string;
  /** What is revealed, as the button and the error name it ("password", "code"). */
  what: string;
  children: (secret: RevealedSecret) => ReactNode;
}) {
  const { trigger, data: secret, reset, isMutating } = useRevealOrderSecret(orderId);
  const { run } = useAction(`The ${what} could not be revealed`);
  if (!secret) {
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={isMutating}
        onClick={() => void run(async () => void (await trigger()))}
      >
        {isMutating ? 'Revealing…' : `Reveal ${what}`}
      </button>
    );
  }
  return (
    <div className="secret">
      {children(secret)}
      <button type="button" className="button button-ghost button-small" onClick={() => reset()}>
        Hide
      </button>
    </div>
  );
}
