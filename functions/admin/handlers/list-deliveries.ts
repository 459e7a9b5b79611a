import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { deliveryOverview } from '../service/deliveries';
import { deliveriesView } from '../views';

export const handler = adminRoute({}, async () => success(deliveriesView(await deliveryOverview())));
