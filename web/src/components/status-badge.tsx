/** What a status code shows (spec §4): "2" is a refund for orders and a cancellation otherwise. */
export function statusLabel(status: string, kind: 'order' | 'wallet'): string {
  if (status === '1') return 'Completed';
  if (status === '2') return kind === 'order' ? 'Refund' : 'Cancelled';
  return 'Pending';
}

/** A status as a coloured pill. */
export function StatusBadge({ status, kind }: { status: string; kind: 'order' | 'wallet' }) {
  const tone = status === '1' ? 'ok' : status === '2' ? 'off' : 'wait';
  return <span className={`status-badge status-${tone}`}>{statusLabel(status, kind)}</span>;
}
