import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { searchUsers } from '../service/users';
import { adminUserView } from '../views';
import { findUsersQuery } from '../../contract/admin-operations';

export const handler = adminRoute({ query: findUsersQuery }, async ({ query: { q } }) =>
  success((await searchUsers(q)).map(adminUserView)),
);
