import type { Catalog } from '../../lib/i18n';

/** The content area's messages in each language (locales/*.po), each its own chunk. */
export const contentMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
