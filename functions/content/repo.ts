import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import { type TransactionItem, upsertItem } from '../shared/transactions';

/** A home-page banner: image, name and an HTML description whose first anchor is the slide's link. */
export interface BannerEvent {
  id: string;
  name: string;
  image: string;
  description: string;
  position: number;
}

/** A payment channel shown on the add-money page (bKash, Nagad, …). */
export interface PaymentChannel {
  id: string;
  name: string;
  logo: string;
  number: string;
  position: number;
}

/** A blog post: an image post, or a video post that embeds `youtubeId`. */
export interface BlogPost {
  id: string;
  type: 'image' | 'video';
  image: string;
  youtubeId: string;
  title: string;
  content: string;
  createdAt: string;
}

/** One promotional popup; it shows when `status` is the string "1". */
export interface Popup {
  status: '0' | '1';
  text: string;
  image: string;
}

/** The shop's settings: whether it sells, popups, contact links and the Watch video link. */
export interface SiteSettings {
  shopStatus: 0 | 1;
  closedMessage: string;
  popups: [Popup, Popup];
  phone: string;
  messengerLink: string;
  /** Digits with the country code; absent on settings saved before it existed. */
  whatsapp?: string;
  appLink: string;
  social: { name: string; url: string }[];
  redeemVideoLink: string;
}

const sitePartition = 'SITE';

const keys = {
  settings: () => ({ pk: sitePartition, sk: 'SETTINGS' }),
  event: (id: string) => ({ pk: sitePartition, sk: `EVENT#${id}` }),
  channel: (id: string) => ({ pk: sitePartition, sk: `SENDER#${id}` }),
  blogPost: (id: string) => ({ pk: `BLOG#${id}`, sk: '#META' }),
  blogListing: (p: BlogPost) => ({ gsi1pk: 'BLOGS', gsi1sk: `${p.createdAt}#${p.id}` }),
};

/** The items of the site partition under `prefix`, in their `position` order (a handful: sorted here). */
async function querySite<T extends { id: string; position: number }>(prefix: string): Promise<T[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': sitePartition, ':prefix': prefix },
    }),
  );
  return Items.map((item) => fromItem<T>(item)).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

/** The item that stores a banner event, new or changed. */
export const eventItem = (event: BannerEvent, isNew: boolean, now: string) =>
  upsertItem('BannerEvent', keys.event(event.id), event, isNew, now);

/** The item that stores a payment channel, new or changed. */
export const paymentChannelItem = (channel: PaymentChannel, isNew: boolean, now: string) =>
  upsertItem('PaymentChannel', keys.channel(channel.id), channel, isNew, now);

/** The item that stores a blog post, new or changed; it is listed by when it was first posted. */
export const blogPostItem = (post: BlogPost, isNew: boolean, now: string) =>
  upsertItem('BlogPost', { ...keys.blogPost(post.id), ...keys.blogListing(post) }, post, isNew, now);

/** The item that stores the site settings, whole. */
export const settingsItem = (settings: SiteSettings, now: string): TransactionItem => ({
  Put: { TableName: tableName, Item: toItem('SiteSettings', keys.settings(), settings, now) },
});

/** The deletion of a banner event, a payment channel or a blog post, which must exist. */
export function deleteContentItem(kind: 'event' | 'channel' | 'blogPost', id: string): TransactionItem {
  return { Delete: { TableName: tableName, Key: keys[kind](id), ConditionExpression: 'attribute_exists(pk)' } };
}

/** Every banner event in slide order: Query SITE, begins_with EVENT#. */
export const listEvents = () => querySite<BannerEvent>('EVENT#');

/** Every payment channel in order: Query SITE, begins_with SENDER#. */
export const listPaymentChannels = () => querySite<PaymentChannel>('SENDER#');

/** The site settings: GetItem SITE / SETTINGS (strongly consistent for an operator's change). */
export async function getSettings(consistent = false): Promise<SiteSettings | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.settings(), ConsistentRead: consistent }));
  return Item ? fromItem<SiteSettings>(Item) : undefined;
}

/** A promo code the operators made public, as the site data lists it (spec: coupans); the code itself lives in its own partition (promotions). */
export interface PublicPromo {
  code: string;
  description: string;
  endsAt?: number;
}

/** The item that lists a public promo code in the site partition, for the transaction that creates the code. */
export const publicPromoItem = (promo: PublicPromo, now: string): TransactionItem => ({
  Put: { TableName: tableName, Item: toItem('PublicPromo', { pk: sitePartition, sk: `PUBLICPROMO#${promo.code}` }, promo, now) },
});

/** A promo code taken off the site data's list (paused). */
export const unlistPromoItem = (code: string): TransactionItem => ({
  Delete: { TableName: tableName, Key: { pk: sitePartition, sk: `PUBLICPROMO#${code}` } },
});

/** The public promo codes: one Query of the site partition, begins_with PUBLICPROMO#. */
export async function listPublicPromos(): Promise<PublicPromo[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': sitePartition, ':prefix': 'PUBLICPROMO#' },
    }),
  );
  return Items.map((item) => fromItem<PublicPromo>(item));
}

/** The settings' key, for batch reads. */
export const settingsKey = keys.settings;

/** Reads a settings item. */
export const settingsFromItem = (item: Record<string, unknown>) => fromItem<SiteSettings>(item);

/** A condition that the shop is open, so that a purchase racing a closing cannot slip through. */
export function shopOpenCheckItem(): TransactionItem {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.settings(),
      ConditionExpression: 'shopStatus = :open',
      ExpressionAttributeValues: { ':open': 1 },
    },
  };
}

/** Every blog post, newest first: Query gsi1 BLOGS, descending. */
export async function listBlogPosts(): Promise<BlogPost[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'BLOGS' },
      ScanIndexForward: false,
    }),
  );
  return Items.map((item) => fromItem<BlogPost>(item));
}

/** One blog post: GetItem BLOG#id / #META. */
export async function getBlogPost(id: string, consistent = false): Promise<BlogPost | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.blogPost(id), ConsistentRead: consistent }));
  return Item ? fromItem<BlogPost>(Item) : undefined;
}
