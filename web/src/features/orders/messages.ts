import type { Catalog } from '../../lib/i18n';

export { type Translate, currentLocale, t, useT } from '../../lib/i18n';

/**
 * The orders area's messages in each language (locales/*.po), each its own chunk. The area's
 * components take `useT` and `t` from here; every route that shows one loads this catalog
 * before it renders (test/unit/languages/message-catalogs.test.ts checks that none is missed).
 */
export const ordersMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
