import { fileResponse, success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeParams, promoUsesQuery } from '../../contract/promotions';
import { promoUseView, promoUsesCsv } from '../../promotions/views';
import { promoCodeUses } from '../service/promotions';

export const handler = adminRoute({ params: promoCodeParams, query: promoUsesQuery }, async ({ params, query }) => {
  const rows = (await promoCodeUses(params.code)).map(promoUseView);
  const name = params.code.trim().toUpperCase();
  return query.format === 'csv'
    ? fileResponse(promoUsesCsv(rows), 'text/csv; charset=utf-8', `promo-${name}-uses.csv`)
    : success({ items: rows });
});
