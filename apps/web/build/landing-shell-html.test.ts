import { describe, expect, it } from 'vitest';
import { withShell, withStateScript } from './landing-shell-html';

const built = `<!doctype html>
<html lang="en-US">
  <head>
    <title>Velora</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
    <link rel="modulepreload" crossorigin="" href="/assets/landing-screen-1.js">
    <link rel="modulepreload" crossorigin="" href="/assets/order-select-2.js">
    <link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/fraunces-3.woff2">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('landing shell in index.html', () => {
  it('puts the shell before the app’s root', () => {
    expect(withShell(built, '<div id="landing-shell"></div>')).toContain('<div id="landing-shell"></div>\n    <div id="root"></div>');
  });

  it('hands the app’s entry and preloads to the state script, which runs before the stylesheet', () => {
    const html = withStateScript(built, '/assets/landing-shell-x.js');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('as="font"');
    expect(html).toContain(
      '<script src="/assets/landing-shell-x.js" data-app="/assets/index-abc.js" data-modules="/assets/landing-screen-1.js /assets/order-select-2.js" data-fonts="/assets/fraunces-3.woff2"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-def.css">',
    );
  });

  it('fails the build when the page it expects is not there', () => {
    expect(() => withShell('<body></body>', '')).toThrow(/no <div id="root">/);
    expect(() => withStateScript('<head></head>', '/s.js')).toThrow(/no module script/);
  });
});
