// A document page's title is shown as the page's heading; a body that opens with the same heading (as a CMS
// editor often writes it) would show it twice, so that first heading is left out of the body.

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** The body without a first element that is a heading (h1–h3) reading exactly the title; otherwise unchanged. */
export function withoutLeadingTitle(html: string, title: string | null | undefined): string {
  if (!title?.trim() || !html.trim()) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const first = template.content.firstElementChild;
  // Only when nothing but blank text comes before it.
  const before = first ? [...template.content.childNodes].slice(0, [...template.content.childNodes].indexOf(first)) : [];
  if (!first || before.some((node) => node.textContent?.trim())) return html;
  if (!/^H[1-3]$/.test(first.tagName) || normalise(first.textContent ?? '') !== normalise(title)) return html;
  first.remove();
  return template.innerHTML;
}
