import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import './styles/header.css';
import './styles/cards.css';
import './styles/footer.css';
import './styles/forms.css';
import './styles/profile.css';
import './styles/payments.css';
import { App } from './app/app';
import { firstPageReady } from './app/router';
import { shellMessages } from './app/messages';
import { useAfterFirstPaint } from './lib/after-paint';
import { loadMessages } from './lib/i18n';

/**
 * The app manifest (and the icons the browser fetches with it) and the service worker
 * (web/worker), once the first page has been painted and the page has loaded, so that they take
 * nothing from the first visit; neither asks permission.
 */
function installAppLater() {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.json' }));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

let installed = false;

/** Installs the app once the first page has been painted and the page has loaded. */
function InstallAfterFirstPaint() {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted || installed) return;
    installed = true;
    if (document.readyState === 'complete') installAppLater();
    else addEventListener('load', installAppLater, { once: true });
  }, [painted]);
  return null;
}

// The shell's messages before anything is drawn: never a flash of ids or of the other language.
void Promise.all([loadMessages(shellMessages), firstPageReady()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
      <InstallAfterFirstPaint />
    </StrictMode>,
  ),
);
