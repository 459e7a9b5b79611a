import { useEffect } from 'react';
import { currentLocale, loadMessages, useT } from './i18n';

/**
 * The server's messages in the shop's language: the first load's part. The table and its matcher
 * (lib/server-messages-table.ts) come only when a message is to be shown in Bengali.
 */
let table: typeof import('./server-messages-table') | undefined;

/**
 * Loads the table in the current language, when it is needed: English is the server's own words.
 * A table that cannot be loaded (a lost connection) leaves the messages in English.
 */
export function loadServerMessages(): Promise<void> {
  if (currentLocale() === 'en') return Promise.resolve();
  return import('./server-messages-table')
    .then(async (loaded) => {
      await loadMessages(loaded.serverMessages);
      table = loaded;
    })
    .catch(() => undefined);
}

/** A server's English message in the shop's current language; one the table does not know (or not loaded yet) as it came. */
export const translateServerMessage = (message: string): string => (table ? table.translate(message) : message);

/**
 * The server's words that arrive as data rather than as a message (an order's timeline remarks, a
 * cancelled payment's reason, the shop's built-in closed message), in the shop's language: in
 * Bengali the table is loaded once such words are shown, and the page drawn again when it is in.
 */
export function useServerWords(): (text: string) => string {
  const { locale } = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the trigger: a switch to Bengali loads the table.
  useEffect(() => {
    void loadServerMessages();
  }, [locale]);
  return translateServerMessage;
}
