import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeEditBody, promoCodeParams } from '../../contract/promotions';
import { promoCodeView } from '../../promotions/views';
import { changePromoCode } from '../service/promotions';

export const handler = adminRoute(
  { params: promoCodeParams, ...formBody(promoCodeEditBody), ...invalidating('siteSettings') },
  async ({ params, body, user }) => success(promoCodeView(await changePromoCode(user, params.code, body)), 'Promo code saved'),
);
