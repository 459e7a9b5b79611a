import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeBody } from '../../contract/promotions';
import { promoCodeView } from '../../promotions/views';
import { addPromoCode, addPromoCodeBatch } from '../service/promotions';

export const handler = adminRoute({ ...formBody(promoCodeBody), ...invalidating('siteSettings') }, async ({ body, user }) => {
  if (body.count === undefined) return success(promoCodeView(await addPromoCode(user, body)), 'Promo code created');
  const { batch, codes } = await addPromoCodeBatch(user, body, body.count);
  return { ...success({ batch, codes }, `${codes.length} promo codes created`), changed: [] };
});
