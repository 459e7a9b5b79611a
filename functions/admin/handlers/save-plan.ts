import * as v from 'valibot';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { boundedInt, idField, requiredText, wholeTaka } from '../../shared/validation';
import { imageField, optionalId, positionField } from '../input';
import { savePlan } from '../service/catalog';
import { adminPlanView } from '../views';

const body = v.object({
  plans_id: optionalId,
  category_id: idField('plan group'),
  pname: requiredText('Name is required', 80),
  image: imageField('Image'),
  price: wholeTaka('Price'),
  no_of_diamonds: v.optional(boundedInt(0, 1_000_000, 'Diamonds must be a whole number'), 0),
  status: v.pipe(
    v.unknown(),
    v.transform(String),
    v.picklist(['1', '0'], 'Status must be 1 (on sale) or 0 (out of stock)'),
    v.transform((status) => (status === '1' ? 1 : 0) as 0 | 1),
  ),
  position: positionField,
});

export const handler = adminRoute({ ...formBody(body) }, async ({ body: form, user }) => {
  const plan = await savePlan(user, {
    id: form.plans_id,
    groupId: form.category_id,
    name: form.pname,
    image: form.image,
    price: form.price,
    diamonds: form.no_of_diamonds,
    status: form.status,
    position: form.position,
  });
  return success(adminPlanView(plan), 'Saved');
});
