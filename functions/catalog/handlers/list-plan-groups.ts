import { formBody } from '../../http/body';
import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { planGroups } from '../service';
import { planGroupView } from '../views';
import { planGroupsBody } from '../../contract/shop';

export const handler = publicRoute({ ...formBody(planGroupsBody) }, async ({ body: form }) =>
  success((await planGroups(form.master_category)).map(planGroupView)),
);
