import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { cancelEmailChange } from '../service/links';
import { linkTokenBody } from '../../contract/accounts';

export const handler = publicRoute({ ...formBody(linkTokenBody) }, async ({ body: form }) => {
  await cancelEmailChange(form.token);
  return success({}, 'The email change is cancelled and every session is signed out. Please log in and set a new password.');
});
