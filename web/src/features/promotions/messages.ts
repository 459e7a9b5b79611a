import type { Catalog } from '../../lib/i18n';

export { type Translate, t, useT } from '../../lib/i18n';

/**
 * The promotions area's messages in each language (locales/*.po), each its own chunk: the promo
 * code field of every checkout. Every route that shows it loads this catalog before it renders
 * (test/unit/languages/message-catalogs.test.ts checks that none is missed).
 */
export const promotionsMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
