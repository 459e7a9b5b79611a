import type { ReviewItem } from '../api/get-holds';
import { ReviewCard } from './review-card';

/** The held orders, oldest first, a card each (one column on a phone, two or more on a laptop). */
export function ReviewQueue({ items }: { items: ReviewItem[] }) {
  return (
    <ul className="review-list">
      {items.map((item) => (
        <ReviewCard key={item.order.order_id} item={item} />
      ))}
    </ul>
  );
}
