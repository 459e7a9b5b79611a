import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { savePlanGroup } from '../service/catalog';
import { adminPlanGroupView } from '../catalog-views';
import { savePlanGroupBody } from '../../contract/admin-catalog';

export const handler = adminRoute({ ...formBody(savePlanGroupBody), ...invalidating('planGroups') }, async ({ body: form, user }) => {
  const playerIdFormat =
    form.player_id_min_digits !== undefined ? { minDigits: form.player_id_min_digits, maxDigits: form.player_id_max_digits! } : undefined;
  const group = await savePlanGroup(user, {
    id: form.id,
    masterCategoryId: form.master_category,
    name: form.cname,
    image: form.image,
    position: form.position,
    playerIdFormat,
  });
  return success(adminPlanGroupView(group), 'Saved');
});
