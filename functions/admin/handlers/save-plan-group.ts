import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idField, requiredText } from '../../shared/validation';
import { imageField, optionalId, positionField } from '../input';
import { savePlanGroup } from '../service/catalog';
import { adminPlanGroupView } from '../views';

const body = v.object({
  id: optionalId,
  master_category: idField('game'),
  cname: requiredText('Name is required', 80),
  image: imageField('Image'),
  position: positionField,
});

export const handler = adminRoute({ body }, async ({ body: form, user }) => {
  const group = await savePlanGroup(user, { id: form.id, masterCategoryId: form.master_category, name: form.cname, image: form.image, position: form.position });
  return success(adminPlanGroupView(group), 'Saved');
});
