import { describe, expect, it } from 'vitest';
import { createHtmlSanitizer } from './safe-html';

const sanitize = createHtmlSanitizer({ publicUrl: 'https://www.example.com', cdnUrl: 'https://cdn.example.net' });

describe('createHtmlSanitizer', () => {
  it('keeps common formatting, lists, headings and tables', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.</p><ul><li>one</li></ul><table><tr><td colspan="2">x</td></tr></table>';
    expect(sanitize(html)).toBe(html);
  });

  it('drops scripts, styles, iframes, forms and their content', () => {
    const out = sanitize('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test">inner</iframe><form><input name="x"></form><noscript>n</noscript>');
    expect(out).toBe('<p>a</p>');
  });

  it('drops event handlers, style and class attributes', () => {
    expect(sanitize('<p onclick="alert(1)" style="color:red" class="x">t</p>')).toBe('<p>t</p>');
    expect(sanitize('<a href="/x" onmouseover="steal()">t</a>')).toBe('<a href="/x" rel="noopener noreferrer">t</a>');
  });

  it('removes javascript:, data: and vbscript: links, also when disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x']) {
      const out = sanitize(`<a href="${href}">t</a>`);
      expect(out, href).not.toMatch(/href/);
      expect(out).toContain('>t</a>');
    }
  });

  it('gives every link rel="noopener noreferrer" and keeps only target _blank', () => {
    const blank = sanitize('<a href="https://other.test/" target="_blank" rel="opener">x</a>');
    expect(blank).toContain('target="_blank"');
    expect(blank).toContain('rel="noopener noreferrer"');
    expect(blank).not.toContain('"opener"');
    expect(sanitize('<a href="mailto:a@b.test" target="_top">x</a>')).toBe('<a href="mailto:a@b.test" rel="noopener noreferrer">x</a>');
  });

  it('keeps images from our origin and CDN, drops others', () => {
    expect(sanitize('<img src="/media/images/shoot/1/900x500.jpg" alt="a">')).toBe('<img src="/media/images/shoot/1/900x500.jpg" alt="a" />');
    expect(sanitize('<img src="https://www.example.com/a.jpg">')).toContain('src="https://www.example.com/a.jpg"');
    expect(sanitize('<img src="https://cdn.example.net/a.jpg">')).toContain('src="https://cdn.example.net/a.jpg"');
    for (const src of ['https://tracker.test/p.gif', '//tracker.test/p.gif', 'data:image/png;base64,AAAA', 'javascript:alert(1)']) {
      expect(sanitize(`<p>x<img src="${src}" onerror="alert(1)"></p>`), src).toBe('<p>x</p>');
    }
  });
});
