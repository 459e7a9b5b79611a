import { httpHandler, success } from '../../shared/http';
import { siteSettings } from '../service';
import { shopStatusView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success(shopStatusView(await siteSettings())));
