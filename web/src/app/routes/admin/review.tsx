import { ListPage } from '../../../features/admin/kit/components/list-page';
import { useHolds } from '../../../features/admin/risk/api/get-holds';
import { ReviewQueue } from '../../../features/admin/risk/components/review-queue';

/** The review queue: orders the fraud rules held, oldest first; each is released or refunded (the server's alerts link here). */
export function ReviewPage() {
  const list = useHolds();
  return (
    <ListPage
      title="Review"
      filters={
        <p className="muted small">
          Paid orders the risk rules held: nothing is delivered until you release them. The shopper sees “being checked”.
        </p>
      }
      list={list}
      what="held orders"
      empty="No order is held. Nothing to review."
    >
      {(items) => <ReviewQueue items={items} />}
    </ListPage>
  );
}

export { ReviewPage as Component };
