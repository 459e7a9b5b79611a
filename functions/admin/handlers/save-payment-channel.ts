import * as v from 'valibot';
import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { optionalText, requiredText } from '../../shared/validation';
import { imageField, optionalId, positionField } from '../input';
import { savePaymentChannel } from '../service/content';
import { adminPaymentChannelView } from '../views';

const body = v.object({
  id: optionalId,
  name: requiredText('Name is required', 60),
  logo: imageField('Logo'),
  number: optionalText(40),
  position: positionField,
});

export const handler = adminRoute({ ...formBody(body), ...invalidating('paymentChannels') }, async ({ body: form, user }) => {
  const channel = await savePaymentChannel(user, {
    id: form.id,
    name: form.name,
    logo: form.logo,
    number: form.number ?? '',
    position: form.position,
  });
  return success(adminPaymentChannelView(channel), 'Saved');
});
