import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';
import { type Popup, rememberPopupsClosed } from '../api/get-site-settings';
import '../popups.css';

/** The promotional popups, one after the other; closing the last one ends them for this session. */
export function SitePopups({ popups }: { popups: Popup[] }) {
  const [index, setIndex] = useState(0);
  const popup = popups[index];
  if (!popup) return null;
  const close = () => {
    if (index + 1 >= popups.length) rememberPopupsClosed();
    setIndex(index + 1);
  };
  return (
    <Modal key={index} title="Announcement" hideTitle onClose={close} className="popup-modal">
      {popup.image && <img className="popup-image" src={popup.image} alt="" width={600} height={340} />}
      {popup.text && <SafeHtml html={popup.text} className="popup-text" />}
    </Modal>
  );
}
