import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { bannerEvents } from '../service';
import { eventView } from '../views';

export const handler = publicRoute({ cachedAs: 'banners' }, async () => success((await bannerEvents()).map(eventView)));
