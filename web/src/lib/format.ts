/** Whole taka as the shop writes it: ৳1,250. */
export const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** An ISO timestamp as a short local date and time: 22 Nov 2026, 9:41 AM. */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
