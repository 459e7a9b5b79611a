import { useServerWords } from '../lib/server-messages';
/** The shop's closed message, as a strip above the whole page (the layout's, on every shopper page). */
export function ShopClosedBanner({ message }: { message?: string }) {
  const serverWords = useServerWords();
  if (!message) return null;
  return (
    <div className="shop-closed-banner" role="status" data-testid="shop-closed-banner">
      <p className="container">{serverWords(message)}</p>
    </div>
  );
}
