import * as v from 'valibot';
import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { requiredText } from '../../shared/validation';
import { htmlField, imageField, optionalId, positionField } from '../input';
import { saveEvent } from '../service/content';
import { adminEventView } from '../views';

const body = v.object({
  id: optionalId,
  image: imageField('Image'),
  ename: requiredText('Name is required', 120),
  description: htmlField(5000),
  position: positionField,
});

export const handler = adminRoute({ ...formBody(body), ...invalidating('banners') }, async ({ body: form, user }) => {
  const event = await saveEvent(user, {
    id: form.id,
    image: form.image,
    name: form.ename,
    description: form.description,
    position: form.position,
  });
  return success(adminEventView(event), 'Saved');
});
