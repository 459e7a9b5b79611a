import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';
import { type Popup, rememberPopupsClosed } from '../api/get-site-settings';
import '../popups.css';

/** One popup's content as shoppers see it: the image, then the text. */
function PopupContent({ popup }: { popup: Popup }) {
  return (
    <>
      {popup.image && <img className="popup-image" src={popup.image} alt="" width={600} height={340} fetchPriority="high" />}
      {popup.text && <SafeHtml html={popup.text} className="popup-text" />}
    </>
  );
}

interface SitePopupsProps {
  popups: Popup[];
  /** Whether closing the last one ends them for this session (not for the console's preview). */
  remember?: boolean;
  /** Told when the last one is closed. */
  onDone?: () => void;
}

/** The promotional popups, one after the other; closing the last one ends them for this session. */
export function SitePopups({ popups, remember = true, onDone }: SitePopupsProps) {
  const [index, setIndex] = useState(0);
  const popup = popups[index];
  if (!popup) return null;
  const close = () => {
    if (index + 1 >= popups.length) {
      if (remember) rememberPopupsClosed();
      onDone?.();
    }
    setIndex(index + 1);
  };
  return (
    <Modal key={index} title="Announcement" hideTitle onClose={close} className="popup-modal">
      <PopupContent popup={popup} />
    </Modal>
  );
}

/** A popup drawn in place, as its dialog shows it to shoppers (the console's live preview). */
export function PopupPreview({ popup }: { popup: Popup }) {
  return (
    <div className="modal popup-modal popup-preview">
      <div className="modal-body">
        <PopupContent popup={popup} />
      </div>
    </div>
  );
}
