import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { localeStorageKey } from './locale-key';
import { type Locale, dateTime, groupDigits, longDate, signedTaka, taka } from './format';

/**
 * The shop's two languages: Bengali and English (Lingui, web/lingui.config.ts). Each area's
 * messages are a catalog per language, each its own chunk: a page loads the catalogs of the areas
 * it shows, in the chosen language only. Player IDs, codes and transaction ids are never passed
 * through here: they stay in ASCII digits, as they are typed into games and apps.
 */
export type { Locale };

export const locales: readonly Locale[] = ['bn', 'en'];

/** Each language's name in itself: what the switch shows. */
export const localeNames: Record<Locale, string> = { bn: 'বাংলা', en: 'English' };

/** An area's compiled catalog in each language, imported on demand. */
export type Catalog = Record<Locale, () => Promise<{ messages: Messages }>>;

export const isLocale = (value: unknown): value is Locale => value === 'bn' || value === 'en';

/** The language this device chose with the switch, if it did (storage refused: none, the browser's language decides). */
function storedLocale(): Locale | undefined {
  try {
    const stored = localStorage.getItem(localeStorageKey);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language a visit starts in: the device's remembered choice, else the first of the browser's
 * languages that the shop speaks (bn-BD or bn → Bengali), else English. The start script in
 * index.html (web/first-page.ts) guesses the same way to preload the right catalogs; a wrong guess
 * only costs a preload.
 */
export function startingLocale(): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  for (const language of navigator.languages ?? [navigator.language]) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

let current: Locale = typeof document === 'undefined' ? 'en' : startingLocale();
// Unit tests run the rules that word messages in Node: no page there, English.
if (typeof document !== 'undefined') document.documentElement.lang = current;
// Active from the start (an area's catalog may load before the shell's); the catalogs merge in as they come.
i18n.load(current, {});
i18n.activate(current);

/** Every catalog a page has asked for: a switch loads them all in the new language before it shows it. */
const requested = new Set<Catalog>();
/** Each catalog's load in each language, asked for once. */
const loading = new WeakMap<Catalog, Partial<Record<Locale, Promise<void>>>>();

function loadOne(catalog: Catalog, locale: Locale): Promise<void> {
  const loads = loading.get(catalog) ?? {};
  loading.set(catalog, loads);
  let pending = loads[locale];
  if (!pending) {
    pending = catalog[locale]().then(({ messages }) => i18n.load(locale, messages));
    // A failed chunk (a lost connection) may be asked for again.
    pending.catch(() => delete loads[locale]);
    loads[locale] = pending;
  }
  return pending;
}

/** Loads these catalogs in the current language (once each); a route's chunk awaits it before it renders. */
export function loadMessages(...catalogs: Catalog[]): Promise<void> {
  for (const catalog of catalogs) requested.add(catalog);
  return Promise.all(catalogs.map((catalog) => loadOne(catalog, current))).then(() => undefined);
}

/** A module loaded on demand (a page, a dialog), once the catalogs it names in `messages` are in. */
export const withMessages = <Module extends { messages?: Catalog[] }>(module: Module): Promise<Module> =>
  loadMessages(...(module.messages ?? [])).then(() => module);

/** Whether this device chose its language (the switch), rather than following the browser's. */
export const deviceChoseLocale = (): boolean => storedLocale() !== undefined;

/** The current language, outside React (an action's toast, an API client's message). */
export const currentLocale = (): Locale => current;

/**
 * Switches the shop to `locale`: every catalog asked for so far is loaded in it first, so that the
 * page changes language in one render — no reload, no flash of half-translated text.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  if (locale === current) return;
  await Promise.all([...requested].map((catalog) => loadOne(catalog, locale)));
  current = locale;
  try {
    localStorage.setItem(localeStorageKey, locale);
  } catch {
    // Not remembered on this device; the account may still keep it.
  }
  document.documentElement.lang = locale;
  i18n.activate(locale);
}

/** A message id of a catalog, and the values its ICU placeholders take. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** A message in the current language, outside React (a toast after an action). */
export const t: Translate = (id, values) => i18n._(id, values);

/**
 * The current language's messages and formats for a component: it renders again when the shop
 * switches language. `t` takes a catalog's id and the values of its placeholders.
 */
export function useT() {
  const { i18n: active } = useLingui();
  const locale = active.locale as Locale;
  return useMemo(
    () => ({
      locale,
      t: ((id, values) => active._(id, values)) as Translate,
      taka: (amount: number) => taka(amount, locale),
      signedTaka: (delta: number) => signedTaka(delta, locale),
      number: (whole: number) => groupDigits(whole, locale),
      dateTime: (iso: string) => dateTime(iso, locale),
      longDate: (iso: string) => longDate(iso, locale),
    }),
    [active, locale],
  );
}
