import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { saveEvent } from '../service/content';
import { adminEventView } from '../content-views';
import { saveEventBody } from '../../contract/admin-content';

export const handler = adminRoute({ ...formBody(saveEventBody), ...invalidating('banners') }, async ({ body: form, user }) => {
  const event = await saveEvent(user, {
    id: form.id,
    image: form.image,
    name: form.ename,
    description: form.description,
    position: form.position,
  });
  return success(adminEventView(event), 'Saved');
});
