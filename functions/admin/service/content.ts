import { auditEntry, auditItem } from '../../audit/repo';
import type { BannerEvent, BlogPost, PaymentChannel, SiteSettings } from '../../content/repo';
import { listBlogPosts, listEvents, listPaymentChannels } from '../../content/repo';
import * as content from '../../content/service';
import type { ActiveUser } from '../../users/active-user';
import { newId } from './ids';

/** Everything the operators edit on the content pages: banners, payment channels, settings, blog posts (four reads in parallel). */
export async function contentOverview() {
  const [events, channels, settings, posts] = await Promise.all([
    listEvents(),
    listPaymentChannels(),
    content.siteSettings(),
    listBlogPosts(),
  ]);
  return { events, channels, settings, posts };
}

type WithOptionalId<T extends { id: string }> = Omit<T, 'id'> & { id?: string };

const audit = (admin: ActiveUser, action: string, target: string, detail = '') => [auditItem(auditEntry(admin.id, action, target, detail))];

/** An operator's banner: new without an id, else a change. */
export function saveEvent(admin: ActiveUser, input: WithOptionalId<BannerEvent>): Promise<BannerEvent> {
  const event = { ...input, id: input.id ?? newId(input.name) };
  return content.saveEvent(event, !input.id, audit(admin, input.id ? 'event.update' : 'event.create', event.id, event.name));
}

/** An operator's payment channel: new without an id, else a change. */
export function savePaymentChannel(admin: ActiveUser, input: WithOptionalId<PaymentChannel>): Promise<PaymentChannel> {
  const channel = { ...input, id: input.id ?? newId(input.name) };
  return content.savePaymentChannel(
    channel,
    !input.id,
    audit(admin, input.id ? 'sender.update' : 'sender.create', channel.id, channel.name),
  );
}

/** An operator's blog post: new without an id, else a change; the HTML is stored as written and sanitised where it is shown. */
export function saveBlogPost(admin: ActiveUser, input: WithOptionalId<Omit<BlogPost, 'createdAt'>>): Promise<BlogPost> {
  const post = { ...input, id: input.id ?? newId(input.title) };
  return content.saveBlogPost(post, !input.id, audit(admin, input.id ? 'blog.update' : 'blog.create', post.id, post.title));
}

/** Deletes a banner, a payment channel or a blog post. */
export function deleteContentItem(admin: ActiveUser, kind: 'events' | 'senders' | 'blogs', id: string): Promise<void> {
  const domainKind = ({ events: 'event', senders: 'channel', blogs: 'blogPost' } as const)[kind];
  return content.deleteContent(domainKind, id, audit(admin, `${kind}.delete`, id));
}

/** Changes the site settings an operator sent; the rest stay. The audit names which fields changed and whether the shop opened or closed. */
export function updateSiteSettings(
  admin: ActiveUser,
  change: (current: SiteSettings) => SiteSettings,
  fields: string[],
): Promise<SiteSettings> {
  return content.updateSiteSettings(change, audit(admin, 'settings.update', 'site', `changed: ${fields.join(', ')}`));
}
