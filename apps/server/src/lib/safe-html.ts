import sanitizeHtml from 'sanitize-html';
import type { Config } from '../config';

// Stored HTML (custom documents, landings, blog articles) is sanitised every time it is handed out, so a row
// written by hand or by an older version can never carry a script to a visitor.

const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'blockquote', 'q', 'cite',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'code', 'pre',
];

/** Hosts images may come from: the site itself and its CDN (product §1). Relative URLs are the site itself. */
function imageHosts(config: Pick<Config, 'publicUrl' | 'cdnUrl'>): Set<string> {
  const hosts = new Set<string>();
  for (const url of [config.publicUrl, config.cdnUrl]) {
    if (url) hosts.add(new URL(url).host.toLowerCase());
  }
  return hosts;
}

function isOwnImage(src: string | undefined, hosts: Set<string>): boolean {
  if (!src) return false;
  if (src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\')) return true;
  try {
    const url = new URL(src);
    return (url.protocol === 'https:' || url.protocol === 'http:') && hosts.has(url.host.toLowerCase());
  } catch {
    return false;
  }
}

export type HtmlSanitizer = (html: string) => string;

/**
 * Common formatting, tables, links (http, https, mailto; always rel="noopener noreferrer") and images from our own
 * origin or CDN. Scripts, styles, iframes, forms, event handlers, style and class attributes are dropped.
 */
export function createHtmlSanitizer(config: Pick<Config, 'publicUrl' | 'cdnUrl'>): HtmlSanitizer {
  const hosts = imageHosts(config);
  const options: sanitizeHtml.IOptions = {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      abbr: ['title'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // The text of these is never shown: dropped with the tag rather than left behind as loose text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
    transformTags: {
      a: (tagName, attribs) => {
        const { target, ...rest } = attribs;
        return {
          tagName,
          attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' },
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src, hosts),
  };
  return (html) => sanitizeHtml(html, options);
}
