import './confirm-dialog.css';
import { useState } from 'react';
import { Modal } from './modal';
import { toast } from '../lib/toast';
import { useAction } from '../lib/use-action';

interface ConfirmDialogProps {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Runs the action; answers the success message. */
  onConfirm: () => Promise<string>;
  onClose: () => void;
  /** A safe action (closing the shop is not a delete, but still danger-coloured). */
  tone?: 'danger' | 'primary';
  /** The way out, in the page's language (the console's is English). */
  cancelLabel?: string;
  /** The toast and the dialog's line when the action fails without a message. */
  failedMessage?: string;
}

/**
 * A second step before an action that cannot be taken back: what it does, and Confirm. A refusal
 * (a delete while something still hangs off the item) stays in the dialog as the server worded it.
 * The console's dialogs and the shop's (in the shop's language, through the labels) alike.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
  tone = 'danger',
  cancelLabel = 'Cancel',
  failedMessage = `${confirmLabel} failed`,
}: ConfirmDialogProps) {
  const [refusal, setRefusal] = useState<string>();
  const { busy, run } = useAction(failedMessage);
  const confirm = () =>
    run(async () => {
      setRefusal(undefined);
      try {
        toast.success(await onConfirm());
        onClose();
      } catch (error) {
        setRefusal(error instanceof Error ? error.message : failedMessage);
        throw error;
      }
    });
  return (
    <Modal title={title} onClose={busy ? () => undefined : onClose}>
      <div className="dialog-lead">{children}</div>
      {refusal && (
        <p className="notice notice-danger" role="alert">
          {refusal}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'button button-danger' : 'button button-primary'}
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
