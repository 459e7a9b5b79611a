import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { blocklist } from '../service/risk';
import { blockView } from '../views';

export const handler = adminRoute({}, async () => success({ items: (await blocklist()).map(blockView), next_cursor: null }));
