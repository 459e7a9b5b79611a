import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { toastOptions } from '../config/site';

export { toast } from 'react-toastify';

/** The toasts' container, with the options of spec §9. */
export function Toasts() {
  return <ToastContainer {...toastOptions} />;
}
