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

interface SafeHtmlProps {
  /** HTML as the server stored it (blog content, popup text, voucher rules). */
  html: string;
  className?: string;
}

/**
 * The one place that renders HTML from the server: DOMPurify removes scripts, event handlers
 * and `javascript:` URLs first, so stored HTML can never run code in the shop.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
