import { createHash } from 'node:crypto';
import { topUpLimits } from '../shared/config';
import type { BlogPostRow, EventRow, PaymentChannelRow, RedeemLink, ShopStatus, SiteSettingsRow } from '../contract/wire';
import type { BannerEvent, BlogPost, Popup, PaymentChannel, PublicPromo, SiteSettings } from './repo';

/** The contract's event: `{image, ename, description}`. */
export const eventView = (event: BannerEvent): EventRow => ({ image: event.image, ename: event.name, description: event.description });

/** The contract's blog post: `{blog_id, type, image, youtube_id, title, content, created_at}`. */
export const blogPostView = (post: BlogPost): BlogPostRow => ({
  blog_id: post.id,
  type: post.type,
  image: post.image,
  youtube_id: post.youtubeId,
  title: post.title,
  content: post.content,
  created_at: post.createdAt,
});

/** The contract's payment channel: `{id, name, logo, number}`. */
export const paymentChannelView = (channel: PaymentChannel): PaymentChannelRow => ({
  id: channel.id,
  name: channel.name,
  logo: channel.logo,
  number: channel.number,
});

/** The contract's shop status: `{shopStatus, errorMessage}`. */
export const shopStatusView = (settings: SiteSettings): ShopStatus => ({
  shopStatus: settings.shopStatus,
  errorMessage: settings.closedMessage,
});

/** A popup's version: it changes when an operator changes what it shows (not when it is only hidden and shown again). */
const popupVersion = (popup: Popup) => createHash('sha256').update(`${popup.image}\n${popup.text}`).digest('base64url').slice(0, 12);

/** The contract's site settings: the two popups flattened, contact links, social links and whether the shop sells. */
export function siteSettingsView(settings: SiteSettings, coupans: PublicPromo[] = []): SiteSettingsRow {
  const [first, second] = settings.popups;
  return {
    popup_status: first.status,
    popup_text: first.text,
    popup_image: first.image,
    popup_version: popupVersion(first),
    popup_status2: second.status,
    popup_text2: second.text,
    popup_image2: second.image,
    popup_version2: popupVersion(second),
    ...shopStatusView(settings),
    phone: settings.phone,
    messenger_link: settings.messengerLink,
    whatsapp: settings.whatsapp ?? '',
    app_link: settings.appLink,
    social: settings.social.map(({ name, url }) => ({ name, url })),
    top_up_min: topUpLimits.min,
    top_up_max: topUpLimits.max,
    coupans: coupans.map((promo) => ({
      code: promo.code,
      description: promo.description,
      ends_at: promo.endsAt === undefined ? null : new Date(promo.endsAt).toISOString(),
    })),
  };
}

/** The contract's Watch link: `{upay}`. */
export const redeemLinkView = (settings: SiteSettings): RedeemLink => ({ upay: settings.redeemVideoLink });
