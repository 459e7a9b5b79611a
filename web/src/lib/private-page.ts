import { useEffect } from 'react';

/**
 * A page whose address is a secret (a guest's order link): while it is shown, search engines are
 * asked not to index it, and the browser sends no address to other sites (`same-origin` referrer).
 */
export function usePrivatePage(): void {
  useEffect(() => {
    const robots = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex, nofollow' });
    const referrer = Object.assign(document.createElement('meta'), { name: 'referrer', content: 'same-origin' });
    document.head.append(robots, referrer);
    return () => {
      robots.remove();
      referrer.remove();
    };
  }, []);
}
