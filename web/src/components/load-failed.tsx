import { useT } from '../lib/i18n';

/** A list that could not be loaded: what failed, said to screen readers at once, and a Retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  const { t } = useT();
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-primary button-small" onClick={() => void onRetry()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
