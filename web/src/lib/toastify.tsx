import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { toastOptions } from '../config/site';

export { toast };

interface ToastsProps {
  /** Runs when the container has mounted, with the `toast` that now reaches it; returns what to do when it unmounts. */
  onMounted: (reachable: typeof toast) => () => void;
}

/** The toasts' container, with the options of spec §9. */
export function Toasts({ onMounted }: ToastsProps) {
  useEffect(() => onMounted(toast), [onMounted]);
  return <ToastContainer {...toastOptions} />;
}
