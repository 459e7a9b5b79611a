import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { idParams } from '../../contract/fields';
import { userDetail } from '../service/users';
import { adminUserDetailView } from '../views';

export const handler = adminRoute({ params: idParams }, async ({ params }) => success(adminUserDetailView(await userDetail(params.id))));
