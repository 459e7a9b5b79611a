import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { riskSettings } from '../service/risk';
import { riskSettingsView } from '../views';

export const handler = adminRoute({}, async () => success(riskSettingsView(await riskSettings())));
