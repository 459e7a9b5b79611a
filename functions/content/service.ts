import { NotFound } from '../shared/errors';
import * as repo from './repo';

export type { BannerEvent, BlogPost, PaymentChannel, SiteSettings } from './repo';

/** The home page's banner slides, in order. */
export function bannerEvents() {
  return repo.listEvents();
}

/** Every blog post, newest first. */
export function blogPosts() {
  return repo.listBlogPosts();
}

/** One blog post, or a 404. */
export async function blogPost(id: string) {
  const post = await repo.getBlogPost(id);
  if (!post) throw new NotFound('Blog post not found');
  return post;
}

/** The payment channels of the add-money page, in order. */
export function paymentChannels() {
  return repo.listPaymentChannels();
}

/**
 * What a stage without saved settings answers: closed (a purchase is refused there too, because
 * its shop-open condition needs the settings item), no popups, no contact links.
 */
const unconfigured: repo.SiteSettings = {
  shopStatus: 0,
  closedMessage: 'The shop is not open yet. Please come back soon.',
  popups: [
    { status: '0', text: '', image: '' },
    { status: '0', text: '', image: '' },
  ],
  phone: '',
  messengerLink: '',
  appLink: '',
  social: [],
  redeemVideoLink: '',
};

/** The site settings: whether the shop sells, popups, contact links, the Watch video link. */
export async function siteSettings(): Promise<repo.SiteSettings> {
  return (await repo.getSettings()) ?? unconfigured;
}
