import { formBody } from '../../http/body';
import { publicTwinRead } from '../../http/public-route';
import { success } from '../../http/stack';
import { planGroups } from '../service';
import { planGroupView } from '../views';
import { planGroupsBody, planGroupsQuery } from '../../contract/shop';

export const handler = publicTwinRead(
  { ...formBody(planGroupsBody), query: planGroupsQuery, cachedAs: 'planGroups' },
  async ({ master_category }) => success((await planGroups(master_category)).map(planGroupView)),
);
