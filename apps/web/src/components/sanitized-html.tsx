import DOMPurify from 'dompurify';
import type { MouseEvent } from 'react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import './sanitized-html.css';

// HTML from the server (custom pages, landings, blog articles) is sanitised there already; it is still
// untrusted here, so it passes DOMPurify once more before it reaches the DOM.

const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'base', 'meta', 'link'];

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    // A link that opens a new window must not hand that window a handle to this one.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify;
}

/** The HTML with scripts, event handlers, styles, forms and frames removed. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

interface SanitizedHtmlProps {
  html: string;
  className?: string;
  /** For tests and the lead's browser tests. */
  testId?: string;
}

/** Renders untrusted HTML after sanitising it; its links to this site navigate inside the app. */
export function SanitizedHtml({ html, className, testId }: SanitizedHtmlProps) {
  const navigate = useNavigate();
  const clean = useMemo(() => sanitizeHtml(html), [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    // The click handler only turns same-site links into in-app navigation (Enter on a link clicks it too).
    <div className={['rich-text', className ?? ''].filter(Boolean).join(' ')} data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
