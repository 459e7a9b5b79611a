import { type Translate, t as currentT, useT } from '../lib/i18n';
import type { StatusWord } from '../lib/statuses';

const tones: Record<StatusWord, 'ok' | 'off' | 'wait'> = { pending: 'wait', completed: 'ok', refunded: 'off', cancelled: 'off' };

/**
 * What a status shows (spec §4): an order's refund is "Refund", a top-up's cancellation
 * "Cancelled". In a render, pass `useT()`'s `t` (the word then changes with the language).
 */
export function statusLabel(status: StatusWord, t: Translate = currentT): string {
  switch (status) {
    case 'pending':
      return t('status.pending');
    case 'completed':
      return t('status.completed');
    case 'refunded':
      return t('status.refunded');
    case 'cancelled':
      return t('status.cancelled');
  }
}

/** A status as a coloured pill. */
export function StatusBadge({ status }: { status: StatusWord }) {
  const { t } = useT();
  return <span className={`status-badge status-${tones[status]}`}>{statusLabel(status, t)}</span>;
}
