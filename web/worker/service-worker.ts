/// <reference lib="webworker" />
/**
 * The shop's service worker, served at /sw.js with scope /. Built by the SPA's build (web/vite.config.ts),
 * which fills in the app shell of that build: the shell is cached when the worker installs, so a
 * second visit loads the entry script and styles from here. Nothing under /api/ ever passes
 * through it: every answer about money, orders and codes comes from the network or not at all.
 */
// A module, so that `self` is declared as this worker's scope rather than as a window's.
export type {};
declare const self: ServiceWorkerGlobalScope;
/** The shell's URLs (`/`, the entry script, its preloaded chunks and style sheets), in this build. */
declare const shellFiles: string[];
/** A hash of those URLs: a new build is a new cache, and the old one goes when the new worker takes over. */
declare const shellVersion: string;

const shellCache = `shell-${shellVersion}`;
const offlinePage = '/offline.html';
const appIcon = '/images/icon-192.png';

/** What the shop pushes (functions/notifications/channels/push.ts). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll([...shellFiles, offlinePage]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== shellCache) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Not answered here, so the browser fetches it as if there were no worker: the API, other sites, writes.
  if (request.method !== 'GET' || !sameOrigin(url) || isApi(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigation(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(request));
});

/** A page: the network first (the newest shell), else the cached shell for its URL, else the offline page. */
async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const cache = await caches.open(shellCache);
    return (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match(offlinePage)) ?? Response.error();
  }
}

/** A hashed file never changes under its name: from the cache, else from the network and kept for the next visit. */
async function hashedAsset(request: Request): Promise<Response> {
  const cache = await caches.open(shellCache);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The pushed message, or nothing when it is not the shop's JSON. */
function pushMessage(data: PushMessageData | null): Partial<PushMessage> | undefined {
  try {
    return data?.json() as Partial<PushMessage> | undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const message = pushMessage(event.data);
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: appIcon,
      badge: appIcon,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openShopAt(shopUrl((event.notification.data as { url?: unknown } | null)?.url)));
});

/** The page a notification opens: the shop's own, never another site's. */
function shopUrl(wanted: unknown): string {
  const url = new URL(typeof wanted === 'string' ? wanted : '/', self.location.origin);
  return sameOrigin(url) ? url.href : self.location.origin;
}

/** Focuses an open shop tab and takes it to `url`, or opens one there. */
async function openShopAt(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => sameOrigin(new URL(client.url)));
  if (tab) {
    const focused = await tab.focus();
    // A tab this worker does not control cannot be navigated from here: a new one then.
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}
