import { formBody } from '../../http/body';
import { publicTwinRead } from '../../http/public-route';
import { success } from '../../http/stack';
import { plans } from '../../catalog/service';
import { planView } from '../../catalog/views';
import { plansBody } from '../../contract/shop';
import { salesOnShow } from '../service';
import { saleFields } from '../views';

/** A group's plans with the sale prices running now; cached at the edge no longer than the next sale's start or end. */
export const handler = publicTwinRead({ ...formBody(plansBody), query: plansBody, cachedAs: 'plans' }, async ({ category_id }) => {
  const found = await plans(category_id);
  const { saleOf, freshForSeconds } = await salesOnShow(found, Date.now());
  return { ...success(found.map((plan) => ({ ...planView(plan), ...saleFields(saleOf(plan)) }))), freshForSeconds };
});
