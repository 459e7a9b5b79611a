import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';

/**
 * The Bengali face for pages that show Bengali text or the taka sign, imported by those pages'
 * chunks only, so it never weighs on the first paint. Devices without a Bengali system font use
 * it as a fallback; the load starts as soon as the chunk runs because Chromium can keep a
 * missing-glyph box in text drawn while a fallback face was still loading.
 */
export const bengaliFontLoaded = Promise.all(
  ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, '৳')),
).catch(() => undefined);
