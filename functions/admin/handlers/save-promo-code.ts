import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeBody } from '../../contract/promotions';
import { promoCodeView } from '../../promotions/views';
import { addPromoCode } from '../service/promotions';

export const handler = adminRoute({ ...formBody(promoCodeBody), ...invalidating('siteSettings') }, async ({ body, user }) =>
  success(promoCodeView(await addPromoCode(user, body)), 'Promo code created'),
);
