import * as v from 'valibot';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { cancelEmailChange, linkTokenField } from '../service/links';

const body = v.object({ token: linkTokenField });

export const handler = publicRoute({ ...formBody(body) }, async ({ body: form }) => {
  await cancelEmailChange(form.token);
  return success({}, 'The email change is cancelled and every session is signed out. Please log in and set a new password.');
});
