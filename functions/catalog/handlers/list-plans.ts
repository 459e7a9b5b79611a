import { formBody } from '../../http/body';
import { publicTwinRead } from '../../http/public-route';
import { success } from '../../http/stack';
import { plans } from '../service';
import { planView } from '../views';
import { plansBody } from '../../contract/shop';

export const handler = publicTwinRead({ ...formBody(plansBody), query: plansBody, cachedAs: 'plans' }, async ({ category_id }) =>
  success((await plans(category_id)).map(planView)),
);
