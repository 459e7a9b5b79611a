import { formBody } from '../../http/body';
import { invalidating } from '../../http/edge-cache';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { savePaymentChannel } from '../service/content';
import { adminPaymentChannelView } from '../content-views';
import { savePaymentChannelBody } from '../../contract/admin-content';

export const handler = adminRoute(
  { ...formBody(savePaymentChannelBody), ...invalidating('paymentChannels') },
  async ({ body: form, user }) => {
    const channel = await savePaymentChannel(user, {
      id: form.id,
      name: form.name,
      logo: form.logo,
      number: form.number ?? '',
      position: form.position,
    });
    return success(adminPaymentChannelView(channel), 'Saved');
  },
);
