import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestOrdersBody } from '../../contract/orders';
import { guestContactOf } from '../../contract/rules';
import { guestOrdersForCode } from '../guest-orders';

/** "Find my orders", second step: the contact's orders, each with a new link, for the code sent to it. */
export const handler = publicRoute({ ...formBody(guestOrdersBody) }, async ({ body, clientIp }) =>
  success(await guestOrdersForCode(guestContactOf(body.contact)!, body.otp, clientIp)),
);
