import { toBengaliDigits } from '@contract/format';
import { i18n, type Messages } from '@lingui/core';
import { type Catalog, currentLocale } from './i18n';

/**
 * The server's messages in the shop's language. The API answers in English (its contract: the
 * envelope's `message` and a 400's `errors`); the SPA shows its own translation of each message
 * it knows, from one table: web/src/lib/server-messages/<language>.po, whose msgid is the English
 * as the server sends it. A message with parts that vary (`Quantity must be between 1 and 10`)
 * has an ICU msgid with its parts numbered in order (`Quantity must be between {0} and {1}`); the
 * English is matched back to it and its parts passed as the values. A message the table does not
 * know is shown as it came. test/unit/languages/server-messages.test.ts holds the table to every message
 * the server's sources and the contract can answer.
 *
 * This module and the table are loaded only when a message is to be shown in Bengali (the API
 * client awaits `loadServerMessages()` of lib/server-messages.ts first): never part of the first load.
 */

/** The English messages the table knows (exactly), and its patterns, once a language's table has arrived. */
let known: { exact: Map<string, string>; patterns: { id: string; regex: RegExp; literal: number }[] } | undefined;

/** Reads the table's ids (the same in both languages) into the matcher, once; answers the module. */
function index<T extends { messages: Messages }>(module: T): T {
  if (known) return module;
  const exact = new Map<string, string>();
  const patterns: { id: string; regex: RegExp; literal: number }[] = [];
  for (const id of Object.keys(module.messages)) {
    // The msgid's ICU syntax: {0} a part that varies, '{' and '}' quoted braces, '' an apostrophe.
    let source = '';
    let literal = '';
    let parts = 0;
    for (const [token, quoted, part] of id.matchAll(/''|'([{}]+)'|\{(\d+)\}|[^'{]+|['{]/g)) {
      if (part !== undefined) {
        source += '([\\s\\S]+?)';
        parts += 1;
        continue;
      }
      const text = token === "''" ? "'" : (quoted ?? token);
      literal += text;
      source += text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
    if (parts) patterns.push({ id, regex: new RegExp(`^${source}$`), literal: literal.length });
    else exact.set(literal, id);
  }
  // Should two patterns match, the more specific (more literal text) wins.
  patterns.sort((a, b) => b.literal - a.literal);
  known = { exact, patterns };
  return module;
}

/** The table in each language (loaded, and its ids read into the matcher, by lib/server-messages.ts). */
export const serverMessages: Catalog = {
  bn: () => import('./server-messages/bn.po').then(index),
  en: () => import('./server-messages/en.po').then(index),
};

/** A part of a message in Bengali: numbers and taka amounts in Bengali digits; anything else (an email, an id) as it came. */
const partIn = (part: string, locale: string) => (locale === 'bn' && /^[-+]?৳?\d[\d,]*(\.\d+)?$/.test(part) ? toBengaliDigits(part) : part);

/** A server's English message in the shop's current language; one the table does not know (or not loaded yet) as it came. */
export function translate(message: string): string {
  const locale = currentLocale();
  if (locale === 'en' || !known || !message) return message;
  let id = known.exact.get(message);
  let values: Record<string, string> | undefined;
  if (id === undefined) {
    for (const pattern of known.patterns) {
      const match = pattern.regex.exec(message);
      if (!match) continue;
      id = pattern.id;
      values = Object.fromEntries(match.slice(1).map((part, at) => [String(at), partIn(part, locale)]));
      break;
    }
  }
  return id !== undefined && id in i18n.messages ? i18n._(id, values) : message;
}
