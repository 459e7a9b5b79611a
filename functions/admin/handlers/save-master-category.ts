import * as v from 'valibot';
import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { requiredText } from '../../shared/validation';
import { imageField, optionalId, positionField } from '../input';
import { saveMasterCategory } from '../service/catalog';
import { adminMasterCategoryView } from '../views';

const body = v.object({ id: optionalId, cname: requiredText('Name is required', 80), image: imageField('Image'), position: positionField });

export const handler = adminRoute({ ...formBody(body), ...invalidating('games') }, async ({ body: form, user }) => {
  const category = await saveMasterCategory(user, { id: form.id, name: form.cname, image: form.image, position: form.position });
  return success(adminMasterCategoryView(category), 'Saved');
});
