/** A list that could not be loaded: what failed, said to screen readers at once, and a Retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-primary button-small" onClick={() => void onRetry()}>
        Retry
      </button>
    </div>
  );
}
