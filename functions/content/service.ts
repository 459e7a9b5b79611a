import { Conflict, NotFound } from '../shared/errors';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
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
  whatsapp: '',
  appLink: '',
  social: [],
  redeemVideoLink: '',
};

/** The site settings: whether the shop sells, popups, contact links, the Watch video link. */
export async function siteSettings(): Promise<repo.SiteSettings> {
  return (await repo.getSettings()) ?? unconfigured;
}

/** The site data: the settings and the public promo codes still running, read at once (a GetItem and a Query). */
export async function siteData(now = Date.now()): Promise<{ settings: repo.SiteSettings; coupans: repo.PublicPromo[] }> {
  const [settings, promos] = await Promise.all([siteSettings(), repo.listPublicPromos()]);
  return { settings, coupans: promos.filter((promo) => promo.endsAt === undefined || promo.endsAt > now) };
}

/** What a content write adds to its own transaction: an operator's audit entry. */
type AlsoWrite = TransactionItem[];

/** Runs a content write; a failed condition on its first item means the item is missing (update) or taken (create). */
async function write(items: TransactionItem[], isNew: boolean, what: string): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0))
      throw isNew ? new Conflict(`A ${what} with this id exists`) : new NotFound(`No such ${what}`);
    throw error;
  }
}

/** Stores a banner, new or changed. */
export async function saveEvent(event: repo.BannerEvent, isNew: boolean, alsoWrite: AlsoWrite = []) {
  await write([repo.eventItem(event, isNew, new Date().toISOString()), ...alsoWrite], isNew, 'banner');
  return event;
}

/** Stores a payment channel, new or changed. */
export async function savePaymentChannel(channel: repo.PaymentChannel, isNew: boolean, alsoWrite: AlsoWrite = []) {
  await write([repo.paymentChannelItem(channel, isNew, new Date().toISOString()), ...alsoWrite], isNew, 'payment channel');
  return channel;
}

/** Stores a blog post, new (posted now, unless it says when) or changed (it keeps when it was first posted). */
export async function saveBlogPost(
  post: Omit<repo.BlogPost, 'createdAt'> & { createdAt?: string },
  isNew: boolean,
  alsoWrite: AlsoWrite = [],
): Promise<repo.BlogPost> {
  const previous = isNew ? undefined : await repo.getBlogPost(post.id, true);
  if (!isNew && !previous) throw new NotFound('No such blog post');
  const now = new Date().toISOString();
  const stored = { ...post, createdAt: previous?.createdAt ?? post.createdAt ?? now };
  await write([repo.blogPostItem(stored, isNew, now), ...alsoWrite], isNew, 'blog post');
  return stored;
}

/** Deletes a banner, a payment channel or a blog post. */
export async function deleteContent(kind: 'event' | 'channel' | 'blogPost', id: string, alsoWrite: AlsoWrite = []): Promise<void> {
  await write(
    [repo.deleteContentItem(kind, id), ...alsoWrite],
    false,
    { event: 'banner', channel: 'payment channel', blogPost: 'blog post' }[kind],
  );
}

/** Changes some of the site settings (the rest stay), whole in one write with `alsoWrite`; answers all of them. */
export async function updateSiteSettings(
  change: (current: repo.SiteSettings) => repo.SiteSettings,
  alsoWrite: AlsoWrite = [],
): Promise<repo.SiteSettings> {
  const settings = change((await repo.getSettings(true)) ?? unconfigured);
  await transact([repo.settingsItem(settings, new Date().toISOString()), ...alsoWrite]);
  return settings;
}
