import { type DeletableKind, useDeleteItem } from '../api/delete-item';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteDialogProps {
  kind: DeletableKind;
  id: string;
  /** What the operator calls it: "the plan “25 Diamonds”". */
  what: string;
  /** What else goes, or why it may be refused. */
  note?: React.ReactNode;
  onClose: () => void;
}

/** Delete, after a confirmation; the server's 409 ("… cannot be deleted: it still has plans") shows in the dialog. */
export function DeleteDialog({ kind, id, what, note, onClose }: DeleteDialogProps) {
  const { trigger } = useDeleteItem();
  return (
    <ConfirmDialog title="Delete" confirmLabel="Delete" busyLabel="Deleting…" onConfirm={() => trigger({ kind, id })} onClose={onClose}>
      <p>Delete {what}? The shop stops showing it at once; this cannot be undone.</p>
      {note && <p className="muted small">{note}</p>}
    </ConfirmDialog>
  );
}
