/** Whether the wallet pays for the price, both compared as whole taka (spec §5). */
export const walletCovers = (price: number, balance: number) => Math.trunc(Number(price)) <= Math.trunc(Number(balance));
