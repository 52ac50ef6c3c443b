import { Marked } from 'marked';
import type { HtmlSanitizer } from '../../lib/safe-html';

// Writers type Markdown (decision record 073); readers get HTML. marked renders it (GitHub's flavour, raw HTML passed
// through as Markdown allows) and the site's one sanitiser (lib/safe-html.ts) cleans the result before it is stored,
// so a script or a javascript: link in either the Markdown or inline HTML never reaches a reader. The public blog
// sanitises again when it hands the article out.

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown to the HTML stored for readers: rendered, then sanitised. */
export function renderArticleBody(markdown: string, sanitize: HtmlSanitizer): string {
  return sanitize(marked.parse(markdown, { async: false })).trim();
}
