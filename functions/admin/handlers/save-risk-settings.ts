import { formBody } from '../../http/body';
import { success } from '../../http/stack';
import { adminRoute } from '../../http/user-route';
import { riskSettingsBody } from '../../contract/admin-operations';
import { saveRiskSettings } from '../service/risk';
import { riskSettingsView } from '../views';

export const handler = adminRoute({ ...formBody(riskSettingsBody) }, async ({ body, user }) =>
  success(
    riskSettingsView(
      await saveRiskSettings(user, {
        youngAccountDays: body.young_account_days,
        firstOrderHoldAmount: body.first_order_hold_amount,
        reviewWithinMinutes: body.review_within_minutes,
      }),
    ),
    'Risk settings saved',
  ),
);
