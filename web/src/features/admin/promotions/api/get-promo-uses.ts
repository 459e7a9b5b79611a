import type { PromoUseRow } from '@contract/admin-wire';
import useSWR from 'swr';
import { type ApiFile, apiFile } from '../../../../lib/api';

const usesPath = (code: string) => `/admin/promo_codes/${encodeURIComponent(code)}/uses`;

/** GET /admin/promo_codes/{code}/uses: each use of a code, newest first. */
export function usePromoUses(code: string) {
  return useSWR<{ items: PromoUseRow[] }>(usesPath(code));
}

/** The same uses as a CSV file. */
export const fetchPromoUsesCsv = (code: string): Promise<ApiFile> => apiFile(`${usesPath(code)}?format=csv`);
