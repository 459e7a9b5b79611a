import type { languageBody } from '@contract/accounts';
import type * as v from 'valibot';
import { apiRequest } from './api';
import type { Locale } from './i18n';

/**
 * POST /user/language: keeps a signed-in shopper's choice of language on the account, so that
 * the shop's mails are written in it. A failure is not worth a word: the device keeps the choice
 * anyway (lib/i18n), and the next switch tries again. (A 401 still ends the session, as any call's.)
 */
export async function saveAccountLanguage(locale: Locale): Promise<void> {
  const body: v.InferInput<typeof languageBody> = { language: locale };
  try {
    await apiRequest('POST', '/user/language', { body });
  } catch {
    // Not kept on the account this time.
  }
}
