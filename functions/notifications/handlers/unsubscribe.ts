import { badUnsubscribeMessage, unsubscribeBody, unsubscribeQuery } from '../../contract/accounts';
import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { Invalid } from '../../shared/errors';
import { unsubscribe } from '../mail-settings';

export const handler = publicRoute({ ...formBody(unsubscribeBody), query: unsubscribeQuery }, async ({ body, query }) => {
  const token = body.token ?? query.token;
  if (!token) throw new Invalid(badUnsubscribeMessage);
  return success({ topic: await unsubscribe(token) });
});
