import type { Language } from '../../contract/fields';
import { transact } from '../../shared/transactions';
import { languageItem } from '../../users/repo';

/** Keeps the shop's language the user chose on the account: their mails are written in it. */
export async function saveLanguage(userId: string, language: Language): Promise<void> {
  await transact([languageItem(userId, language, new Date().toISOString())]);
}
