import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { promoCodeView } from '../../promotions/views';
import { listPromoCodes } from '../service/promotions';

export const handler = adminRoute({}, async () => success({ items: (await listPromoCodes()).map(promoCodeView), next_cursor: null }));
