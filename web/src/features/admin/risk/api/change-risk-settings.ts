import type { removeRuleBody, riskSettingsBody, velocityRuleBody } from '@contract/admin-operations';
import type { RiskSettingsRow } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { type FormValues, apiRequest, writeOptions } from '../../../../lib/api';
import { riskSettingsKey } from './get-risk-settings';

/** The requests as the endpoints' schemas take them (functions/contract/admin-operations.ts). */
export type RiskSettingsInput = v.InferInput<typeof riskSettingsBody>;
export type VelocityRuleInput = v.InferInput<typeof velocityRuleBody>;
type RemoveRuleInput = v.InferInput<typeof removeRuleBody>;

/** A POST that answers the settings after it: they replace the cached ones, and the server's message is answered. */
function useRiskChange<Input extends FormValues>(path: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    path,
    async (_: string, { arg }: { arg: Input }) => {
      const { data, message } = await apiRequest<RiskSettingsRow>('POST', path, { body: { ...arg } });
      await mutate(riskSettingsKey, data, { revalidate: false });
      return message;
    },
    writeOptions,
  );
}

/** POST /admin/risk: the three scalar settings. */
export const useSaveRiskSettings = () => useRiskChange<RiskSettingsInput>(riskSettingsKey);

/** POST /admin/risk/rules: a velocity rule added. */
export const useAddVelocityRule = () => useRiskChange<VelocityRuleInput>(`${riskSettingsKey}/rules`);

/** POST /admin/risk/rules/remove: a velocity rule removed by its id. */
export const useRemoveVelocityRule = () => useRiskChange<RemoveRuleInput>(`${riskSettingsKey}/rules/remove`);
