import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { issueGoogleNonce } from '../google-nonce';

/** A nonce for one Google sign-in, its secret in an HttpOnly cookie for this browser alone. */
export const handler = publicRoute({}, async ({ clientIp }) => {
  const { nonce, cookie } = await issueGoogleNonce(clientIp);
  return { ...success({ nonce }), cookies: [cookie] };
});
