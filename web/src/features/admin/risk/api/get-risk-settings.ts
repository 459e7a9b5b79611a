import type { RiskSettingsRow } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/risk; each change answers the settings after it, put in place here. */
export const riskSettingsKey = '/admin/risk';

/** The risk settings: a young account's age, its first order held from, the minutes a check is promised within, and the velocity rules. */
export function useRiskSettings() {
  return useSWR<RiskSettingsRow>(riskSettingsKey);
}
