import { Suspense, lazy, useState } from 'react';
import { Modal } from '../../../components/modal';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { type Popup, type SitePopup, rememberPopupClosed } from '../popup-rules';
import { contentMessages, useT } from '../messages';
import '../popups.css';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [contentMessages];

const SafeHtml = lazy(() => import('../../../components/safe-html').then((module) => ({ default: module.SafeHtml })));

/**
 * The popup's text, through the HTML sanitiser, whose library is most of a popup's code: asked
 * for once the image (what a shopper sees first) has been painted, so that a slow network spends
 * nothing on it before. The dialog is anchored at its top (popups.css): the text arriving below
 * the image moves nothing.
 */
function PopupText({ html }: { html: string }) {
  const painted = useAfterFirstPaint();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <SafeHtml html={html} className="popup-text" />
    </Suspense>
  );
}

/** One popup's content as shoppers see it: the image, then the text. */
function PopupContent({ popup }: { popup: Popup }) {
  return (
    <>
      {popup.image && <img className="popup-image" src={popup.image} alt="" width={600} height={340} fetchPriority="high" />}
      {popup.text && <PopupText html={popup.text} />}
    </>
  );
}

interface SitePopupsProps {
  popups: (Popup | SitePopup)[];
  /** Whether closing one is remembered on this device (not for the console's preview). */
  remember?: boolean;
  /** Told when the last one is closed. */
  onDone?: () => void;
}

const keyOf = (popup: Popup | SitePopup) => ('version' in popup ? `${popup.id}@${popup.version}` : `${popup.image}|${popup.text}`);

/** The promotional popups, one after the other; each closed one stays closed on this device until an operator changes it. */
export function SitePopups({ popups, remember = true, onDone }: SitePopupsProps) {
  const { t } = useT();
  const [closedHere, setClosedHere] = useState<string[]>([]);
  const open = popups.filter((popup) => !closedHere.includes(keyOf(popup)));
  const popup = open[0];
  if (!popup) return null;
  const close = () => {
    if (remember && 'version' in popup) rememberPopupClosed(popup);
    if (open.length === 1) onDone?.();
    setClosedHere([...closedHere, keyOf(popup)]);
  };
  return (
    <Modal key={keyOf(popup)} title={t('content.popup.title')} hideTitle onClose={close} className="popup-modal">
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
