import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { guestBuyVoucherBody } from '../../contract/orders';
import { guestContactOf } from '../../contract/rules';
import { startGuestCodeOrder } from '../guest-code-checkout';
import { guestCheckoutMessage, guestCheckoutView } from '../views';
import { newLinkToken } from '../guests';

/** A guest's codes of a voucher, reserved and paid through the gateway: the payment link, and the order's secret link. */
export const handler = publicRoute({ ...formBody(guestBuyVoucherBody) }, async ({ body, clientIp, deviceId }) => {
  // The schema has refused a contact that is neither an e-mail address nor a Bangladeshi number.
  const contact = guestContactOf(body.contact)!;
  const token = newLinkToken();
  const started = await startGuestCodeOrder(
    contact,
    body.language,
    token,
    { voucherId: body.voucher_id, qty: body.qty, amount: body.amount, coupanCode: body.coupan_code },
    { clientIp, deviceId },
  );
  return success(guestCheckoutView(started, token), guestCheckoutMessage);
});
