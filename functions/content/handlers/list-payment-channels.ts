import { httpHandler, success } from '../../shared/http';
import { paymentChannels } from '../service';
import { paymentChannelView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success((await paymentChannels()).map(paymentChannelView)));
