import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { saveMasterCategory } from '../service/catalog';
import { adminMasterCategoryView } from '../catalog-views';
import { saveMasterCategoryBody } from '../../contract/admin-catalog';

export const handler = adminRoute({ ...formBody(saveMasterCategoryBody), ...invalidating('games') }, async ({ body: form, user }) => {
  const category = await saveMasterCategory(user, {
    id: form.id,
    name: form.cname,
    image: form.image,
    position: form.position,
    lookupCode: form.lookup_code,
  });
  return success(adminMasterCategoryView(category), 'Saved');
});
