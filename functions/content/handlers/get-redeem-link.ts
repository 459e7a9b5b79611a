import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { siteSettings } from '../service';
import { redeemLinkView } from '../views';

export const handler = publicRoute({ cachedAs: 'siteSettings' }, async () => success(redeemLinkView(await siteSettings())));
