import { languageBody } from '../../contract/accounts';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { saveLanguage } from '../service/language';

/** POST /user/language: the shop's language the shopper chose, kept on the account so that its mails follow it. */
export const handler = userRoute({ ...formBody(languageBody) }, async ({ body, user }) => {
  await saveLanguage(user.id, body.language);
  return success({ language: body.language }, 'Language saved');
});
