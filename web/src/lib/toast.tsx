import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';

type Toastify = typeof import('./toastify');
type Toast = Toastify['toast'];

let toastify: Promise<Toastify> | undefined;
const requestListeners = new Set<() => void>();
/** react-toastify's `toast` while the container is mounted; until then calls wait in `waiting`, in order. */
let mountedToast: Toast | undefined;
const waiting: ((toast: Toast) => void)[] = [];

/** react-toastify with its container and styles, fetched on the first toast: most visits never show one. */
function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('./toastify');
    for (const listener of requestListeners) listener();
  }
  return toastify;
}

/**
 * Hands a call to react-toastify once its container is mounted, keeping the calls' order. Not
 * earlier: react-toastify keeps toasts asked before then for the first container that subscribes,
 * and in development StrictMode mounts the container, unmounts it and mounts a second one, so the
 * first toast of a page load would go to the container thrown away.
 */
function withToastify(call: (toast: Toast) => void): void {
  if (mountedToast) {
    call(mountedToast);
    return;
  }
  waiting.push(call);
  loadToastify().catch((error: unknown) => console.error('Toasts could not be loaded', error));
}

/**
 * The container has mounted: the calls that waited go to it. A microtask later, because
 * StrictMode's unmount and second mount happen in the same task; only the mount that stays delivers.
 */
function containerMounted(toast: Toast): () => void {
  let mounted = true;
  queueMicrotask(() => {
    if (!mounted) return;
    mountedToast = toast;
    for (const call of waiting.splice(0)) call(toast);
  });
  return () => {
    mounted = false;
    mountedToast = undefined;
  };
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
const Toasts = lazy<React.ComponentType<React.ComponentProps<Toastify['Toasts']>>>(() =>
  loadToastify().then(
    (module) => ({ default: module.Toasts }),
    () => ({ default: () => null }),
  ),
);

/** Where the toasts show: the container mounts once the first toast has been asked for. */
export function ToastOutlet() {
  const requested = useSyncExternalStore(subscribeToRequest, () => toastify !== undefined);
  return requested ? (
    <Suspense fallback={null}>
      <Toasts onMounted={containerMounted} />
    </Suspense>
  ) : null;
}
