import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { useBlocklist } from '../../../features/admin/risk/api/get-blocklist';
import { Blocklist } from '../../../features/admin/risk/components/blocklist';

/** The blocked player IDs, mobile numbers and e-mails: refused at every checkout until lifted. */
export function BlocklistPage() {
  const blocks = useBlocklist();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Blocklist</h1>
      </div>
      <p className="muted">
        A blocked player ID, mobile number or e-mail cannot top up, buy codes or add money; the buyer is told only to contact support.
      </p>
      {blocks.data ? (
        <Blocklist blocks={blocks.data.items} />
      ) : blocks.error ? (
        <ErrorState error={blocks.error} onRetry={() => void blocks.mutate()} what="the blocklist" />
      ) : (
        <Loading label="Loading the blocklist" />
      )}
    </section>
  );
}

export { BlocklistPage as Component };
