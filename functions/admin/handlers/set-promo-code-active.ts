import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeActiveBody, promoCodeParams } from '../../contract/promotions';
import { promoCodeView } from '../../promotions/views';
import { pausePromoCode } from '../service/promotions';

export const handler = adminRoute(
  { params: promoCodeParams, ...formBody(promoCodeActiveBody), ...invalidating('siteSettings') },
  async ({ params, body, user }) => {
    const code = await pausePromoCode(user, params.code, body.active === '1');
    return success(promoCodeView(code), code.active ? 'Promo code resumed' : 'Promo code paused');
  },
);
