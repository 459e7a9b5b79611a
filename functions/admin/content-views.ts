/** The console's content views: banners, payment channels and site settings as operators edit them, and a settings change. */
import type { AdminContent, AdminEvent, AdminPaymentChannel, AdminSiteSettings } from '../contract/admin-wire';
import type { BannerEvent, PaymentChannel, SiteSettings } from '../content/repo';
import { blogPostView, eventView, paymentChannelView, siteSettingsView } from '../content/views';
import type { contentOverview } from './service/content';

/** A banner as operators edit it. */
export const adminEventView = (event: BannerEvent): AdminEvent => ({ ...eventView(event), id: event.id, position: event.position });

/** A payment channel as operators edit it. */
export const adminPaymentChannelView = (channel: PaymentChannel): AdminPaymentChannel => ({
  ...paymentChannelView(channel),
  position: channel.position,
});

/** The whole site settings as operators edit them. */
export const adminSiteSettingsView = (settings: SiteSettings): AdminSiteSettings => ({
  ...siteSettingsView(settings),
  upay: settings.redeemVideoLink,
});

/** The content pages' data on the wire. */
export const contentOverviewView = (overview: Awaited<ReturnType<typeof contentOverview>>): AdminContent => ({
  events: overview.events.map(adminEventView),
  senders: overview.channels.map(adminPaymentChannelView),
  settings: adminSiteSettingsView(overview.settings),
  blogs: overview.posts.map(blogPostView),
});

/** The settings fields an operator may send, as the wire names them. */
export interface SiteSettingsInput {
  popup_status?: string;
  popup_text?: string;
  popup_image?: string;
  popup_status2?: string;
  popup_text2?: string;
  popup_image2?: string;
  phone?: string;
  messenger_link?: string;
  whatsapp?: string;
  app_link?: string;
  social?: { name: string; url: string }[];
  shopStatus?: number;
  errorMessage?: string;
  upay?: string;
}

/** An operator's settings change, from the wire's names to the domain's: what it changes and the names of the fields it sent. */
export function siteSettingsChange(input: SiteSettingsInput): { apply: (current: SiteSettings) => SiteSettings; fields: string[] } {
  const fields = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  const apply = (current: SiteSettings): SiteSettings => {
    const popup = (index: 0 | 1, status?: string, text?: string, image?: string) => ({
      status: (status ?? current.popups[index].status) as '0' | '1',
      text: text ?? current.popups[index].text,
      image: image ?? current.popups[index].image,
    });
    return {
      shopStatus: (input.shopStatus ?? current.shopStatus) as 0 | 1,
      closedMessage: input.errorMessage ?? current.closedMessage,
      popups: [
        popup(0, input.popup_status, input.popup_text, input.popup_image),
        popup(1, input.popup_status2, input.popup_text2, input.popup_image2),
      ],
      phone: input.phone ?? current.phone,
      messengerLink: input.messenger_link ?? current.messengerLink,
      whatsapp: input.whatsapp ?? current.whatsapp ?? '',
      appLink: input.app_link ?? current.appLink,
      social: input.social ?? current.social,
      redeemVideoLink: input.upay ?? current.redeemVideoLink,
    };
  };
  return { apply, fields };
}
