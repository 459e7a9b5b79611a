import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { siteSettings } from '../service';
import { shopStatusView } from '../views';

export const handler = publicRoute({}, async () => success(shopStatusView(await siteSettings())));
