import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';

type Toastify = typeof import('./toastify');

let toastify: Promise<Toastify> | undefined;
const requestListeners = new Set<() => void>();

/** react-toastify with its container and styles, fetched on the first toast: most visits never show one. */
function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('./toastify');
    requestListeners.forEach((listener) => listener());
  }
  return toastify;
}

/**
 * Hands a call to react-toastify once it is there. Calls keep their order, and a toast asked for
 * before the container has mounted waits in react-toastify's own queue until it has.
 */
function withToastify(call: (toast: Toastify['toast']) => void): void {
  loadToastify().then(
    ({ toast }) => call(toast),
    (error: unknown) => console.error('Toasts could not be loaded', error),
  );
}

const show =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (content: ToastContent, options?: ToastOptions): void =>
    withToastify((toast) => toast[kind](content, options));

/**
 * The shop's toasts: react-toastify's calls and options (a `toastId` still keeps a toast from
 * showing twice), without react-toastify in the first load.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: (toastId?: string): void => withToastify((toast) => toast.dismiss(toastId)),
};

const subscribeToRequest = (listener: () => void) => {
  requestListeners.add(listener);
  return () => {
    requestListeners.delete(listener);
  };
};

// A container that cannot load shows nothing; the page goes on without toasts.
const Toasts = lazy<React.ComponentType>(() => loadToastify().then((module) => ({ default: module.Toasts }), () => ({ default: () => null })));

/** Where the toasts show: the container mounts once the first toast has been asked for. */
export function ToastOutlet() {
  const requested = useSyncExternalStore(subscribeToRequest, () => toastify !== undefined);
  return requested ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
