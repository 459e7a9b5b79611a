import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { alertSettingsBody } from '../../contract/admin-operations';
import { saveAlertSettings } from '../service/alerts';
import { alertSettingsFrom, alertSettingsView } from '../views';

export const handler = adminRoute(formBody(alertSettingsBody), async ({ body: form, user }) =>
  success(alertSettingsView(await saveAlertSettings(user, alertSettingsFrom(form))), 'Saved'),
);
