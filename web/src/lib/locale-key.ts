/** Where the device remembers the shop's language: read by lib/i18n.ts and by the start script index.html runs first (web/first-page.ts). */
export const localeStorageKey = 'shop.language';
