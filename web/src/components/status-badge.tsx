import type { StatusWord } from '../lib/statuses';

const labels: Record<StatusWord, string> = { pending: 'Pending', completed: 'Completed', refunded: 'Refund', cancelled: 'Cancelled' };
const tones: Record<StatusWord, 'ok' | 'off' | 'wait'> = { pending: 'wait', completed: 'ok', refunded: 'off', cancelled: 'off' };

/** What a status shows (spec §4): an order's refund is "Refund", a top-up's cancellation "Cancelled". */
export function statusLabel(status: StatusWord): string {
  return labels[status];
}

/** A status as a coloured pill. */
export function StatusBadge({ status }: { status: StatusWord }) {
  return <span className={`status-badge status-${tones[status]}`}>{statusLabel(status)}</span>;
}
