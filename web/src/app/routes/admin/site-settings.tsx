import { useAdminContent } from '../../../features/admin/content/api/get-content';
import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { AlertSettingsCard } from '../../../features/admin/settings/components/alert-settings-card';
import {
  ContactCard,
  type PopupPresentation,
  PopupCard,
  ShopStatusCard,
  SocialCard,
} from '../../../features/admin/settings/components/site-settings-forms';
import { PopupPreview, SitePopups } from '../../../features/content/components/site-popups';
import { contentMessages } from '../../../features/content/messages';

/** The popup preview is the shoppers' popup: its words come from the content catalog (app/lazy-page.tsx loads it). */
export const messages = [contentMessages];

/** The shop's own popup dialog and its drawing in place: the console previews popups as shoppers see them. */
const popupPresentation: PopupPresentation = { Preview: PopupPreview, Dialog: SitePopups };

/** Site settings: the shop's open/closed switch first, then the popups, the links, the social links and the operators' Telegram alerts. */
export function SiteSettingsPage() {
  const { data, error, mutate } = useAdminContent();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Site settings</h1>
      </div>
      {data ? (
        <div className="settings-stack">
          <ShopStatusCard settings={data.settings} />
          <PopupCard settings={data.settings} slot={1} presentation={popupPresentation} />
          <PopupCard settings={data.settings} slot={2} presentation={popupPresentation} />
          <ContactCard settings={data.settings} />
          <SocialCard settings={data.settings} />
          <AlertSettingsCard />
        </div>
      ) : error ? (
        <ErrorState error={error} onRetry={() => void mutate()} what="the site settings" />
      ) : (
        <Loading label="Loading the site settings" />
      )}
    </section>
  );
}

export { SiteSettingsPage as Component };
