import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { dashboard } from '../service/dashboard';
import { dashboardView } from '../views';

export const handler = adminRoute({}, async () => success(dashboardView(await dashboard())));
