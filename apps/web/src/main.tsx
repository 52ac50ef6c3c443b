// First: no later module may parse with Zod before it stops probing for eval (the CSP refuses eval).
import './lib/zod-without-eval';
import { createRoot } from 'react-dom/client';
import { AppRoot, createVeloraApp } from './app/app';
import { installErrorReporting } from './app/error-reporting';
import { applyCspNonce } from './lib/csp-nonce';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

installErrorReporting();
applyCspNonce();
createRoot(container).render(<AppRoot app={createVeloraApp()} />);
