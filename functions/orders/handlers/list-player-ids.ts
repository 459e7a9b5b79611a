import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import { playerIdsOf } from '../service';
import { recentPlayerIdView } from '../views';
import { playerIdsBody } from '../../contract/orders';

export const handler = userRoute({ ...formBody(playerIdsBody) }, async ({ body: form, user }) =>
  success((await playerIdsOf(user, form.master_category)).map(recentPlayerIdView)),
);
