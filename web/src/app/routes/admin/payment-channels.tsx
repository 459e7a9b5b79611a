import { useAdminContent } from '../../../features/admin/content/api/get-content';
import { ChannelList } from '../../../features/admin/content/components/channel-editor';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** The payment channels of the add-money page (bKash, Nagad, …). */
export function PaymentChannelsPage() {
  const { data, error, mutate } = useAdminContent();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Payment channels</h1>
      </div>
      {data ? (
        <ChannelList channels={data.senders} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the payment channels" />
      ) : (
        <Loading label="Loading the payment channels" />
      )}
    </section>
  );
}

export { PaymentChannelsPage as Component };
