// First: no later module may parse with Zod before it stops probing for eval (the CSP refuses eval).
import './lib/zod-without-eval';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot, createVeloraApp } from './app/app';
import { installErrorReporting } from './app/error-reporting';
import { applyCspNonce } from './lib/csp-nonce';
import { documentParsed } from './lib/document-parsed';
import { installFormActivity } from './lib/form-activity';
import { installMediaActivity } from './lib/media-activity';
import './styles/index.css';
import './app/landing-shell/landing-shell.css';

// The entry can run before the parser has reached <div id="root"> (lib/document-parsed.ts): it waits for it, or a
// page loaded from the cache under load stayed blank.
void documentParsed().then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');

  installErrorReporting();
  applyCspNonce();
  // Popups wait for a playing video or a form being filled in (decision 046): heard from the first moment on.
  installMediaActivity();
  installFormActivity();
  const root = createRoot(container);
  // A transition: the first render yields to the browser every few milliseconds instead of holding the main thread
  // for its whole length (the page is on screen already when the landing shell shows, decision record 055).
  startTransition(() => root.render(<AppRoot app={createVeloraApp()} />));
});
