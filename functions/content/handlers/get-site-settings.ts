import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { siteData } from '../service';
import { siteSettingsView } from '../views';

export const handler = publicRoute({ cachedAs: 'siteSettings' }, async () => {
  const { settings, coupans } = await siteData();
  return success(siteSettingsView(settings, coupans));
});
