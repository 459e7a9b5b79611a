import type { Catalog } from '../../lib/i18n';

/** The notifications area's messages in each language (locales/*.po), each its own chunk. */
export const notificationsMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
