import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { currentAlertSettings } from '../service/alerts';
import { alertSettingsView } from '../views';

export const handler = adminRoute({}, async () => success(alertSettingsView(await currentAlertSettings())));
