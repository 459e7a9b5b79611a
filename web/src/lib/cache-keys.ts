/**
 * SWR keys of the signed-in user's lists that a write in another feature revalidates (a key is
 * `[path, body]` for the API's POST reads; see `swrFetcher`). The list's own hook reads with it.
 */

/** POST /user/get_request_list: plan orders; a wallet order and a gateway return change it. */
export const ordersKey = ['/user/get_request_list', {}] as const;

/** POST /user/get_wallet_request: wallet top-ups; a gateway return changes it. */
export const walletRequestsKey = ['/user/get_wallet_request', {}] as const;
