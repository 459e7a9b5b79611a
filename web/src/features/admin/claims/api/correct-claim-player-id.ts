import type { claimCorrectionBody } from '@contract/admin-operations';
import type * as v from 'valibot';
import { useClaimAction } from './act-on-claim';

/** The request as the endpoint's schema takes it (functions/contract/admin-operations.ts). */
export type ClaimCorrectionInput = v.InferInput<typeof claimCorrectionBody>;

/**
 * POST /admin/claims/{id}/correct_player_id: the right player ID on the claim's pending order (its
 * delivery goes again), and the claim closed; answers "Player ID corrected, and the report closed".
 */
export const useCorrectClaimPlayerId = (claimId: string) => useClaimAction<ClaimCorrectionInput>(claimId, 'correct_player_id');
