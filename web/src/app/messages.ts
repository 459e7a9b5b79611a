import type { Catalog } from '../lib/i18n';

/** The shell's messages (header, footer, menus, shared components, the error pages): every page loads them first. */
export const shellMessages: Catalog = { bn: () => import('./locales/bn.po'), en: () => import('./locales/en.po') };
