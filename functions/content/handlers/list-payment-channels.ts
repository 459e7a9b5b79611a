import { publicRoute } from '../../http/public-route';
import { success } from '../../http/stack';
import { paymentChannels } from '../service';
import { paymentChannelView } from '../views';

export const handler = publicRoute({ cachedAs: 'paymentChannels' }, async () => success((await paymentChannels()).map(paymentChannelView)));
