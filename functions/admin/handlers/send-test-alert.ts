import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { sendTestAlert } from '../service/alerts';

export const handler = adminRoute({}, async ({ user }) => {
  await sendTestAlert(user);
  return success({}, 'Test message queued: it reaches the chat in a few seconds');
});
