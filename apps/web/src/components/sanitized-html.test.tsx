import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitized-html';

describe('sanitizeHtml', () => {
  it('removes scripts, handlers, styles, forms and frames, and keeps plain markup', () => {
    const clean = sanitizeHtml(
      '<h2 style="color:red">Title</h2><p onclick="x()">Text <a href="javascript:alert(1)">bad</a> <a href="/ok">ok</a></p>' +
        '<script>x()</script><style>p{}</style><form><input></form><iframe src="https://x.example"></iframe><img src="a.jpg" onerror="x()" alt="A">',
    );
    expect(clean).toBe('<h2>Title</h2><p>Text <a>bad</a> <a href="/ok">ok</a></p><img src="a.jpg" alt="A">');
  });

  it('makes links that open a new window safe', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
