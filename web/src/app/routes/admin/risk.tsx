import { ErrorState, Loading } from '../../../features/admin/kit/components/list-states';
import { useRiskSettings } from '../../../features/admin/risk/api/get-risk-settings';
import { RiskSettingsForm } from '../../../features/admin/risk/components/risk-settings-form';
import { AddRuleForm, VelocityRules } from '../../../features/admin/risk/components/velocity-rules';

/** The risk rules: when a first order is held, the minutes a check is promised within, and the velocity rules. */
export function RiskPage() {
  const settings = useRiskSettings();
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>Risk rules</h1>
      </div>
      <p className="muted">
        A held order is paid but not delivered until an operator releases it from Review; a refused checkout is told to try later.
      </p>
      {settings.data ? (
        <div className="settings-stack">
          <RiskSettingsForm
            key={JSON.stringify([
              settings.data.young_account_days,
              settings.data.first_order_hold_amount,
              settings.data.review_within_minutes,
            ])}
            settings={settings.data}
          />
          <section className="settings-card" aria-labelledby="rules-title">
            <h2 id="rules-title" className="admin-subtitle">
              Velocity rules
            </h2>
            <VelocityRules rules={settings.data.rules} />
          </section>
          <AddRuleForm />
        </div>
      ) : settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.mutate()} what="the risk settings" />
      ) : (
        <Loading label="Loading the risk settings" />
      )}
    </section>
  );
}

export { RiskPage as Component };
