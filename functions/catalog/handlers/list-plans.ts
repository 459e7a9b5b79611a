import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { plans } from '../service';
import { planView } from '../views';
import { plansBody } from '../../contract/shop';

export const handler = publicRoute({ ...formBody(plansBody) }, async ({ body: form }) =>
  success((await plans(form.category_id)).map(planView)),
);
