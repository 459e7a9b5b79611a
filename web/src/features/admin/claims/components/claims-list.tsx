import type { ClaimItem } from '../api/get-claims';
import { ClaimCard } from './claim-card';

/** The reports, a card each (one column on a phone, two or more on a laptop). */
export function ClaimsList({ items }: { items: ClaimItem[] }) {
  return (
    <ul className="review-list">
      {items.map((item) => (
        <ClaimCard key={item.claim_id} item={item} />
      ))}
    </ul>
  );
}
