import { success } from '../../http/stack';
import { userRoute } from '../../http/user-route';
import type { ClaimedGuestOrders } from '../../contract/wire';
import { claimGuestOrders } from '../guest-claims';

/** The account takes in its verified contacts' guest orders, once. */
export const handler = userRoute({}, async ({ user }) => {
  const answer: ClaimedGuestOrders = { claimed: await claimGuestOrders(user) };
  return success(
    answer,
    answer.claimed > 0 ? 'Your earlier orders are in your account now' : 'No earlier orders were found for your verified contacts',
  );
});
