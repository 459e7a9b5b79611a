import { notificationSettingsBody } from '../../contract/accounts';
import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { saveMailSettings } from '../mail-settings';
import { notificationSettingsView } from '../views';

export const handler = userRoute({ ...formBody(notificationSettingsBody) }, async ({ body: form, user }) =>
  success(
    notificationSettingsView(
      await saveMailSettings(user.id, { delivery_updates: form.delivery_updates === '1', payment_updates: form.payment_updates === '1' }),
    ),
  ),
);
