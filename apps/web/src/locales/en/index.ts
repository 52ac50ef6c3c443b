// English whole, for the landing shell's pre-render and the tests: the app itself loads one namespace at a time
// (locales/load-texts.ts, decision 066), so nothing the browser runs imports this file.
import app from './app';
import landing from './landing';
import compliance from './compliance';
import auth from './auth';
import videos from './videos';
import catalog from './catalog';
import player from './player';
import cameras from './cameras';
import pages from './pages';
import messages from './messages';
import profile from './profile';
import studio from './studio';
import playdates from './playdates';
import money from './money';
import backoffice from './backoffice';

/** By namespace, as i18next holds them. */
export const enTexts = { app, landing, compliance, auth, videos, catalog, player, cameras, pages, messages, profile, studio, playdates, money, backoffice };

/** By section, as the keys name them (`nav.logIn`). */
export const en = { ...app, ...landing, ...compliance, ...auth, ...videos, ...catalog, ...player, ...cameras, ...pages, ...messages, ...profile, ...studio, ...playdates, ...money, ...backoffice };
