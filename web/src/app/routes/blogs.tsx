import { BlogList } from '../../features/content/components/blog-list';
import { contentMessages } from '../../features/content/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [contentMessages];

export { BlogList as Component };
