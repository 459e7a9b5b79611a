import { useClaimAction } from './act-on-claim';

/**
 * POST /admin/claims/{id}/replace_code (no form): a new code from stock for the claim's order, the
 * old one quarantined, and the claim closed; answers "Code replaced, and the report closed".
 */
export const useReplaceClaimCode = (claimId: string) => useClaimAction<Record<never, never>>(claimId, 'replace_code');
