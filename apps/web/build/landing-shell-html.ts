// index.html's changes for the landing shell (decision record 055), as plain string work the tests can run anywhere.

/** Where the shell goes: the start of <body>, before the app's root. */
export function withShell(html: string, shell: string): string {
  if (!html.includes('<div id="root">')) throw new Error('landing shell: index.html has no <div id="root">');
  return html.replace('<div id="root">', `${shell}\n    <div id="root">`);
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin="" href="([^"]+)">/g;
const FONT_PRELOAD = /\s*<link rel="preload" as="font" type="font\/woff2" crossorigin="" href="([^"]+)">/g;
const FIRST_STYLESHEET = /(\s*)<link rel="stylesheet"/;

/** Takes every match of `pattern` out of `html`, with its first group. */
function takeAll(html: string, pattern: RegExp): { html: string; found: string[] } {
  const found = [...html.matchAll(pattern)].map((match) => match[1] ?? '');
  return { html: html.replace(pattern, ''), found };
}

/**
 * The app's entry and its preloads leave the HTML: the state script adds them, at once, or after the shell's first
 * frame (show-landing-shell.ts), so they never share the line with what that frame needs. The state script goes
 * before the stylesheet, so it runs while the stylesheet still loads.
 */
export function withStateScript(html: string, scriptSrc: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) throw new Error('landing shell: index.html has no module script of the app');
  const modules = takeAll(html.replace(entry[0], ''), MODULE_PRELOAD);
  const fonts = takeAll(modules.html, FONT_PRELOAD);
  if (!FIRST_STYLESHEET.test(fonts.html)) throw new Error('landing shell: index.html has no stylesheet');
  const attrs = [`src="${scriptSrc}"`, `data-app="${entry[1]}"`];
  if (modules.found.length > 0) attrs.push(`data-modules="${modules.found.join(' ')}"`);
  if (fonts.found.length > 0) attrs.push(`data-fonts="${fonts.found.join(' ')}"`);
  return fonts.html.replace(FIRST_STYLESHEET, `$1<script ${attrs.join(' ')}></script>$1<link rel="stylesheet"`);
}
