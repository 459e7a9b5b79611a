import { useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../lib/i18n';
import { CloseIcon } from './icons';
import './modal.css';

interface ModalProps {
  title: string;
  /** Visually hide the title (it still names the dialog), e.g. when an image says it all. */
  hideTitle?: boolean;
  onClose: () => void;
  children: React.ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: focus moves in and is kept there, Escape and the
 * close button and a click on the backdrop all close it.
 */
export function Modal({ title, hideTitle, onClose, children, className }: ModalProps) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Opened before the browser paints, so that a dialog mounted with the page (a popup) is in its first frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // Focus the dialog itself, so that a reader hears its title first and no button starts highlighted.
      dialog.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard closes with Escape (onCancel).
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-head">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          <button type="button" className="icon-button modal-close" aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
