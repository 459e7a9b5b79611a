import { type DeletableKind, type DeleteRevalidation, useDeleteItem } from '../api/delete-item';
import { ConfirmDialog } from './confirm-dialog';

interface DeleteDialogProps {
  kind: DeletableKind;
  /** The section's lists and shop area that the delete changes. */
  revalidates: DeleteRevalidation;
  id: string;
  /** What the operator calls it: "the plan “25 Diamonds”". */
  what: string;
  /** What else goes, or why it may be refused. */
  note?: React.ReactNode;
  onClose: () => void;
}

/** Delete, after a confirmation; the server's 409 ("… cannot be deleted: it still has plans") shows in the dialog. */
export function DeleteDialog({ kind, revalidates, id, what, note, onClose }: DeleteDialogProps) {
  const { trigger } = useDeleteItem(revalidates);
  return (
    <ConfirmDialog title="Delete" confirmLabel="Delete" busyLabel="Deleting…" onConfirm={() => trigger({ kind, id })} onClose={onClose}>
      <p>Delete {what}? The shop stops showing it at once; this cannot be undone.</p>
      {note && <p className="muted small">{note}</p>}
    </ConfirmDialog>
  );
}
