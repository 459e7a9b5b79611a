import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { sessionIn } from '../../shared/session-token';
import { linkTokenField, verifyEmail } from '../service/links';
import { sendEmailChangedNotice } from '../service/mails';

const body = v.object({ token: linkTokenField });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form, headers }) => {
  const { outcome, user, previousEmail } = await verifyEmail(form.token, await sessionIn(headers.authorization));
  if (outcome === 'changed') await sendEmailChangedNotice(user, previousEmail);
  return success({}, outcome === 'changed' ? 'Email changed. Please log in again with your new email address.' : 'Email verified');
});
