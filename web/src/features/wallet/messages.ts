import type { Catalog } from '../../lib/i18n';

/** The wallet area's messages in each language (locales/*.po), each its own chunk. */
export const walletMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
