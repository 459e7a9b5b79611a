import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './safe-html.css';

// Links inside server HTML open in a new tab without handing it this page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Style properties that take an element out of the flow: with them, stored HTML could lay a fake
 * login or payment form over the shop. The shop's CSP already applies no style attribute; this
 * holds wherever the HTML is shown without that policy (the dev server) or if it ever loosens.
 */
const positioning = ['position', 'inset', 'top', 'right', 'bottom', 'left', 'z-index', 'transform', 'translate', 'float'];

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof HTMLElement) || !node.hasAttribute('style')) return;
  for (const property of positioning) node.style.removeProperty(property);
  if (!node.style.cssText.trim()) node.removeAttribute('style');
});

/** No style sheets, and nothing that takes input: server HTML only reads. */
const forbidden = { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'], FORBID_ATTR: ['formaction'] };

interface SafeHtmlProps {
  /** HTML as the server stored it (blog content, popup text, voucher rules). */
  html: string;
  className?: string;
}

/**
 * The one place that renders HTML from the server: DOMPurify removes scripts, event handlers
 * and `javascript:` URLs first, so stored HTML can never run code in the shop; style elements,
 * form controls and positioning styles go too, so it can never overlay the page either.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ...forbidden }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitised by DOMPurify with the profile above.
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
