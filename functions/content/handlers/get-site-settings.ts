import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { siteSettings } from '../service';
import { siteSettingsView } from '../views';

export const handler = publicRoute({ cachedAs: 'siteSettings' }, async () => success(siteSettingsView(await siteSettings())));
