/** What the order form hands over once its input is valid. */
export interface PlanOrderInput {
  plan: { plans_id: string; pname: string; price: number };
  group: { id: string; cname: string };
  mode: 'wallet' | 'gateway';
  /** FB, Google, VK or Twitter; empty for a player-ID (UID TOPUP) group. */
  saccount_type: string;
  /** The player ID, or the game account's email or ID. */
  saccount_id: string;
  /** The game account's password; "0" for a player-ID group (spec §3). */
  saccount_password: string;
  /** Optional; empty for a player-ID group. */
  backup_code: string;
}

/** Places a plan order: POST /user/request/ (wallet) or the gateway order. Ordering arrives with the wallet and orders issue. */
export async function placePlanOrder(_order: PlanOrderInput): Promise<void> {
  throw new Error('Ordering opens soon');
}
