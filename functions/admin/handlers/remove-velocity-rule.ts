import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { removeRuleBody } from '../../contract/admin-operations';
import { removeVelocityRule } from '../service/risk';
import { riskSettingsView } from '../views';

export const handler = adminRoute({ ...formBody(removeRuleBody) }, async ({ body, user }) =>
  success(riskSettingsView(await removeVelocityRule(user, body.id)), 'Rule removed'),
);
