/**
 * Starts the Bengali face's download as soon as a page with Bengali text loads its chunk, before
 * that text is drawn. The faces are declared in the entry style sheet (global.css) with their
 * Unicode range, so that any page showing Bengali letters fetches them on its own; this only
 * saves the wait on the pages that are known to (the voucher confirmation, the quantity message).
 */
export const bengaliFontLoaded = Promise.all(
  ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans Bengali"`, 'অ')),
).catch(() => undefined);
