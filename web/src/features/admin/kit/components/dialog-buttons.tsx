/** The Save and Cancel of an edit dialog; Save waits for a send and for an image upload. */
export function DialogButtons({
  busy,
  uploading,
  onCancel,
  saveLabel = 'Save',
}: {
  busy: boolean;
  uploading?: boolean;
  onCancel: () => void;
  saveLabel?: string;
}) {
  return (
    <div className="dialog-buttons">
      <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy || uploading}>
        {busy ? 'Saving…' : uploading ? 'Uploading…' : saveLabel}
      </button>
    </div>
  );
}
