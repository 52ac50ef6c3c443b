import { createRoot } from 'react-dom/client';
import { AppRoot, createVeloraApp } from './app/app';
import { installErrorReporting } from './app/error-reporting';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

installErrorReporting();
createRoot(container).render(<AppRoot app={createVeloraApp()} />);
