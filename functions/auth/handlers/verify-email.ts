import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { requiredText } from '../../shared/validation';
import { verifyEmail } from '../service/links';
import { sendEmailChangedNotice } from '../service/mails';

const body = v.object({ token: requiredText('This link is used, expired or unknown', 200) });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) => {
  const { outcome, user, previousEmail } = await verifyEmail(form.token);
  if (outcome === 'changed') await sendEmailChangedNotice(user, previousEmail);
  return success({}, outcome === 'changed' ? 'Email changed. Please log in again with your new email address.' : 'Email verified');
});
