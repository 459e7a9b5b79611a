import * as v from 'valibot';
import { listAudit } from '../../audit/repo';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { cursorField } from '../input';
import { auditView, pageView } from '../views';

const query = v.object({ cursor: cursorField });

export const handler = adminRoute({ query }, async ({ query: { cursor } }) => success(pageView(await listAudit(cursor), auditView)));
