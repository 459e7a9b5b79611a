import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { sessionIn } from '../../shared/session-token';
import { verifyEmail } from '../service/links';
import { sendEmailChangedNotice } from '../service/mails';
import { linkTokenBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(linkTokenBody) }, async ({ body: form, headers }) => {
  const { outcome, user, previousEmail } = await verifyEmail(form.token, await sessionIn(headers.authorization));
  if (outcome === 'changed') await sendEmailChangedNotice(user, previousEmail);
  return success({}, outcome === 'changed' ? 'Email changed. Please log in again with your new email address.' : 'Email verified');
});
