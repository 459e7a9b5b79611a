import { httpHandler, success } from '../../shared/http';
import { bannerEvents } from '../service';
import { eventView } from '../views';

export const handler = httpHandler({ access: 'public' }, async () => success((await bannerEvents()).map(eventView)));
