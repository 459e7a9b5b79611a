import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, putItem, tableName } from '../shared/db';
import { fromItem, position, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

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
  appLink: string;
  social: { name: string; url: string }[];
  redeemVideoLink: string;
}

const sitePartition = 'SITE';

const keys = {
  settings: () => ({ pk: sitePartition, sk: 'SETTINGS' }),
  event: (e: BannerEvent) => ({ pk: sitePartition, sk: `EVENT#${position(e.position)}#${e.id}` }),
  channel: (c: PaymentChannel) => ({ pk: sitePartition, sk: `SENDER#${position(c.position)}#${c.id}` }),
  blogPost: (id: string) => ({ pk: `BLOG#${id}`, sk: '#META' }),
  blogListing: (p: BlogPost) => ({ gsi1pk: 'BLOGS', gsi1sk: `${p.createdAt}#${p.id}` }),
};

async function querySite<T>(prefix: string): Promise<T[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': sitePartition, ':prefix': prefix },
    }),
  );
  return Items.map((item) => fromItem<T>(item));
}

/** Stores a banner event (seed and admin). */
export const putEvent = (event: BannerEvent) => putItem(toItem('BannerEvent', keys.event(event), event));

/** Stores a payment channel (seed and admin). */
export const putPaymentChannel = (channel: PaymentChannel) => putItem(toItem('PaymentChannel', keys.channel(channel), channel));

/** Stores a blog post (seed and admin). */
export const putBlogPost = (post: BlogPost) => putItem(toItem('BlogPost', { ...keys.blogPost(post.id), ...keys.blogListing(post) }, post, post.createdAt));

/** Stores the site settings (seed and admin). */
export const putSettings = (settings: SiteSettings) => putItem(toItem('SiteSettings', keys.settings(), settings));

/** Every banner event in slide order: Query SITE, begins_with EVENT#. */
export const listEvents = () => querySite<BannerEvent>('EVENT#');

/** Every payment channel in order: Query SITE, begins_with SENDER#. */
export const listPaymentChannels = () => querySite<PaymentChannel>('SENDER#');

/** The site settings: GetItem SITE / SETTINGS. */
export async function getSettings(): Promise<SiteSettings | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.settings() }));
  return Item ? fromItem<SiteSettings>(Item) : undefined;
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
export async function getBlogPost(id: string): Promise<BlogPost | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.blogPost(id) }));
  return Item ? fromItem<BlogPost>(Item) : undefined;
}
