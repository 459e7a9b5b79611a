import type { claimRefundBody } from '@contract/admin-operations';
import type * as v from 'valibot';
import { useClaimAction } from './act-on-claim';

/** The request as the endpoint's schema takes it (functions/contract/admin-operations.ts). */
export type ClaimRefundInput = v.InferInput<typeof claimRefundBody>;

/**
 * POST /admin/claims/{id}/refund: the claim's order refunded to the shopper's wallet or back to the
 * payment method, and the claim closed; answers "Refunded, and the report closed".
 */
export const useRefundClaim = (claimId: string) => useClaimAction<ClaimRefundInput>(claimId, 'refund');
