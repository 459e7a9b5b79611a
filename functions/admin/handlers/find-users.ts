import * as v from 'valibot';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { requiredText } from '../../shared/validation';
import { searchUsers } from '../service/users';
import { adminUserView } from '../views';

const query = v.object({ q: requiredText('Search for an email, a mobile number or a user id', 254) });

export const handler = adminRoute({ query }, async ({ query: { q } }) => success((await searchUsers(q)).map(adminUserView)));
