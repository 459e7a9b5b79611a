import * as v from 'valibot';
import { listAudit } from '../../audit/repo';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { pageQuery } from '../input';
import { pageView } from '../../shared/cursor';
import { auditView } from '../views';

const query = v.object({ ...pageQuery });

export const handler = adminRoute({ query }, async ({ query: { cursor, limit } }) =>
  success(pageView(await listAudit({ cursor, limit }), auditView)),
);
