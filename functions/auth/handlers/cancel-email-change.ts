import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { requiredText } from '../../shared/validation';
import { cancelEmailChange } from '../service/links';

const body = v.object({ token: requiredText('This link is used, expired or unknown', 200) });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) => {
  await cancelEmailChange(form.token);
  return success({}, 'The email change is cancelled and every session is signed out. Please log in and set a new password.');
});
