import type { Catalog } from '../../lib/i18n';

/** The auth area's messages in each language (locales/*.po), each its own chunk. */
export const authMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
