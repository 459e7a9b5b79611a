import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { planDelivery, savePlan } from '../service/catalog';
import { adminPlanView } from '../catalog-views';
import { savePlanBody } from '../../contract/admin-catalog';

export const handler = adminRoute({ ...formBody(savePlanBody), ...invalidating('plans') }, async ({ body: form, user }) => {
  const plan = await savePlan(user, {
    id: form.plans_id,
    groupId: form.category_id,
    name: form.pname,
    image: form.image,
    price: form.price,
    diamonds: form.no_of_diamonds,
    status: form.status,
    position: form.position,
    delivery: planDelivery(form),
  });
  return success(adminPlanView(plan), 'Saved');
});
