import { useEffect, useRef } from 'react';
import { type CloseButtonProps, ToastContainer, toast } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import './toastify.css';
import { toastOptions } from '../config/site';
import { useT } from './i18n';

export { toast };

interface ToastsProps {
  /** Runs when the container has mounted, with the `toast` that now reaches it; returns what to do when it unmounts. */
  onMounted: (reachable: typeof toast) => () => void;
}

/** react-toastify's close button, named in the shop's language (its own says "close"). */
function CloseButton({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The toasts' container, with the options of spec §9, its labels in the shop's language: the
 * region's and the close button's through react-toastify's options, the progress bar's (which it
 * writes in English, with no option) as each bar appears.
 */
export function Toasts({ onMounted }: ToastsProps) {
  const { t } = useT();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => onMounted(toast), [onMounted]);
  useEffect(() => {
    const timer = t('common.toastTimer');
    const label = () => {
      for (const bar of region.current?.querySelectorAll('[role="progressbar"]') ?? [])
        if (bar.getAttribute('aria-label') !== timer) bar.setAttribute('aria-label', timer);
    };
    const observer = new MutationObserver(label);
    if (region.current) observer.observe(region.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t]);
  return (
    <div ref={region}>
      <ToastContainer
        {...toastOptions}
        aria-label={t('common.toasts')}
        closeButton={(props) => <CloseButton {...props} label={t('common.closeToast')} />}
      />
    </div>
  );
}
