/**
 * The supplier's product codes of the demo's automatic plans and what each costs the shop: the
 * seed records them on its plans, the fake supplier sells them. Apart from the seed, which loads
 * the domain code, so that the stack can name them before its table exists.
 */
export const demoSupplierProducts: Record<string, number> = { FF100: 68, FF310: 205 };
