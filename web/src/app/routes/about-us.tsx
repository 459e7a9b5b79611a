import { AboutPage } from '../../features/content/components/about-page';
import { contentMessages } from '../../features/content/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [contentMessages];

export { AboutPage as Component };
