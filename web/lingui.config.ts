import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The shop's message catalogs (Lingui, PO files): one per area under `features/<area>/locales/`,
 * so that a page loads only the strings of the areas it shows, and the shell's own (header,
 * footer, shared components) under `app/locales/`. Messages have ids (`area.what`) and ICU
 * syntax; English is the source. The Vite plugin compiles a catalog when it is imported and fails
 * the build on a missing translation (web/vite.config.ts).
 */
const config: LinguiConfig = {
  locales: ['bn', 'en'],
  sourceLocale: 'en',
  // A msgid is the message's id (`nav.home`), not its English text.
  format: formatter({ explicitIdAsDefault: true }),
  catalogs: [
    { path: '<rootDir>/src/features/{name}/locales/{locale}', include: ['<rootDir>/src/features/{name}'] },
    { path: '<rootDir>/src/app/locales/{locale}', include: ['<rootDir>/src/app', '<rootDir>/src/components', '<rootDir>/src/lib'] },
    // The server's messages (lib/server-messages.ts): msgid = the English the API sends, nothing to extract.
    { path: '<rootDir>/src/lib/server-messages/{locale}', include: [] },
  ],
};

export default config;
