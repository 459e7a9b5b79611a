import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestFindOrdersBody } from '../../contract/orders';
import { guestContactOf } from '../../contract/rules';
import { sendGuestOrdersCode } from '../guest-orders-code';

const message = 'If there are orders for this contact, we have sent it a 6-digit code';

/** "Find my orders", first step: the same answer for any contact; a code goes only to one with orders. */
export const handler = publicRoute({ ...formBody(guestFindOrdersBody) }, async ({ body, clientIp }) => {
  // The schema has refused a contact that is neither an e-mail address nor a Bangladeshi number.
  await sendGuestOrdersCode(guestContactOf(body.contact)!, clientIp, body.language);
  return success({}, message);
});
