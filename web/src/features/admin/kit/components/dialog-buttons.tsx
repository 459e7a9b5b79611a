/**
 * The Cancel and submit buttons of a dialog's form; the submit waits for a send (and for an image
 * upload), saying what it is doing meanwhile.
 */
export function DialogButtons({
  busy,
  uploading,
  onCancel,
  saveLabel = 'Save',
  busyLabel = 'Saving…',
  tone = 'primary',
}: {
  busy: boolean;
  uploading?: boolean;
  onCancel: () => void;
  saveLabel?: string;
  busyLabel?: string;
  tone?: 'primary' | 'danger';
}) {
  return (
    <div className="dialog-buttons">
      <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className={`button button-${tone}`} disabled={busy || uploading}>
        {busy ? busyLabel : uploading ? 'Uploading…' : saveLabel}
      </button>
    </div>
  );
}
