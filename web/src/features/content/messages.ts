import { type Catalog, loadMessages } from '../../lib/i18n';

export { t, useT } from '../../lib/i18n';
export type { Translate } from '../../lib/i18n';

/** The content area's messages in each language (locales/*.po), each its own chunk. */
export const contentMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };

// The area's components take `useT` and `t` from here: whatever shows them has their messages first.
await loadMessages(contentMessages);
