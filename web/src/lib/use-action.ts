import { useCallback, useState } from 'react';
import { toast } from './toast';

/**
 * One user action at a time (a submit, a purchase): `busy` while it runs, and whatever it throws
 * is shown as a toast with its message (the server's, or the network's), else `fallbackMessage`.
 */
export function useAction(fallbackMessage: string) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      try {
        await action();
      } catch (error) {
        toast.error(error instanceof Error ? error.message : fallbackMessage);
      } finally {
        setBusy(false);
      }
    },
    [fallbackMessage],
  );
  return { busy, run };
}
