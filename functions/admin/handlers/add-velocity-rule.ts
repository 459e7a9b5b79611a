import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { velocityRuleBody } from '../../contract/admin-operations';
import { addVelocityRule } from '../service/risk';
import { riskSettingsView } from '../views';

export const handler = adminRoute({ ...formBody(velocityRuleBody) }, async ({ body, user }) =>
  success(
    riskSettingsView(
      await addVelocityRule(user, {
        key: body.key,
        window: body.window,
        maxCount: body.max_count,
        maxAmount: body.max_amount,
        action: body.action,
        youngOnly: body.young_only === '1',
      }),
    ),
    'Rule added',
  ),
);
