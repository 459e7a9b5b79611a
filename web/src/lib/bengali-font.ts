/**
 * Fetches the Bengali face on the pages known to show Bengali text after a tap (the voucher
 * confirmation, the quantity message), so that it is there when that text is drawn; but only once
 * the page has loaded and the browser is idle, so that its 90 KB never compete with the page's
 * first paint on a phone's connection. The faces are declared in the entry style sheet
 * (global.css) with their Unicode range, so Bengali text shown sooner fetches them itself.
 */
function loadBengaliFace(): void {
  for (const weight of ['400', '700']) void document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, 'অ').catch(() => undefined);
}

/** Long enough after the load event for the page's own data and pictures (an SPA's load event comes before them). */
const afterPageMs = 2000;

const later = () =>
  setTimeout(
    () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(loadBengaliFace, { timeout: 3000 }) : loadBengaliFace()),
    afterPageMs,
  );

if (document.readyState === 'complete') later();
else window.addEventListener('load', later, { once: true });
