import { listAudit } from '../../audit/repo';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { pageView } from '../../shared/cursor';
import { auditView } from '../views';
import { auditQuery } from '../../contract/admin-operations';

export const handler = adminRoute({ query: auditQuery }, async ({ query: { cursor, limit } }) =>
  success(pageView(await listAudit({ cursor, limit }), auditView)),
);
