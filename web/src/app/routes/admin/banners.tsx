import { useAdminContent } from '../../../features/admin/content/api/get-content';
import { BannerList } from '../../../features/admin/content/components/banner-editor';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';

/** The home page's banner slides. */
export function BannersPage() {
  const { data, error, mutate } = useAdminContent();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Banners</h1>
      </div>
      {data ? (
        <BannerList banners={data.events} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the banners" />
      ) : (
        <Loading label="Loading the banners" />
      )}
    </section>
  );
}

export { BannersPage as Component };
