// Rendered at build time only (build/landing-shell.ts loads it through Vite's SSR): the landing page as a first-time
// visitor's first render shows it, as static HTML for index.html (decision record 055).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { PROFILE_QUERY_KEY } from '@/features/auth/api/get-profile';
import { AgeApprovalGate } from '@/features/compliance/components/age-approval-gate';
import LandingRoute, { PriceFrom } from '@/features/landing/routes/landing';
import { ServerMediaQueries } from '@/lib/use-media-query';
import { enTexts } from '@/locales/en';
import { addAllTexts } from '@/locales/load-texts';
import { routePath } from '@/paths';
import { createI18n } from '../i18n';
import { Frame } from '../layout/root-layout';
import { PHONE_HEADER_QUERY } from '../layout/site-header';
import { siteConfigFor, SiteConfigProvider } from '../site-config';
import { AGE_GATE_EXIT_URL } from '../slots/age-popups-slot';
import { LEGAL_PAGES } from '../slots/legal-links';
import { LANDING_SHELL_ID, LANDING_SHELL_LANGUAGE } from './shell-state';

/**
 * Test ids belong to the live page: a test must never find (and click) the shell's inert copy. Style attributes go too:
 * the CSP refuses them in HTML (React sets styles from script, which it allows); only placeholders below the fold use them.
 */
const withoutTestIdsAndStyles = (html: string) => html.replace(/ (?:data-testid|style)="[^"]*"/g, '');

function Providers({ children, phone }: { children: ReactNode; phone: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  // A visitor: the session is known and empty, the plans and teasers are still loading.
  queryClient.setQueryData(PROFILE_QUERY_KEY, null);
  const i18n = createI18n();
  addAllTexts(i18n, 'en', enTexts);
  void i18n.changeLanguage(LANDING_SHELL_LANGUAGE);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SiteConfigProvider config={siteConfigFor('', null, {})}>
          <ServerMediaQueries.Provider value={{ [PHONE_HEADER_QUERY]: phone }}>
            <MemoryRouter initialEntries={[routePath('home')]}>{children}</MemoryRouter>
          </ServerMediaQueries.Provider>
        </SiteConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function landing(phone: boolean): string {
  return renderToStaticMarkup(
    <Providers phone={phone}>
      <Frame layout="main">
        <LandingRoute price={<PriceFrom plans={{ plans: undefined, isPending: true }} />} />
      </Frame>
    </Providers>,
    // Each copy its own ids: an SVG gradient referenced by id must not resolve into the hidden copy.
    { identifierPrefix: phone ? 'shell-phone-' : 'shell-wide-' },
  );
}

/** The gate as AgePopupsSlot renders it for a visitor. */
function ShellGate() {
  const { t } = useTranslation();
  const legalLinks = LEGAL_PAGES.map((name) => ({ to: routePath(name), label: t(`routes.${name}`) }));
  return <AgeApprovalGate exitUrl={AGE_GATE_EXIT_URL} legalLinks={legalLinks} onConfirm={() => undefined} />;
}

function gate(): string {
  return renderToStaticMarkup(
    <Providers phone={false}>
      <ShellGate />
    </Providers>,
    { identifierPrefix: 'shell-gate-' },
  );
}

/**
 * The shell: the page with the phone header and with the wide one (CSS shows the one the screen width calls for, as
 * the header's media query does at run time) and the age gate. Hidden, inert and out of the accessibility tree: it is
 * a picture of the page until the app renders the page itself.
 */
export function renderLandingShell(): string {
  return [
    `<div id="${LANDING_SHELL_ID}" aria-hidden="true" inert>`,
    `<div class="landing-shell__phone">${landing(true)}</div>`,
    `<div class="landing-shell__wide">${landing(false)}</div>`,
    `<div class="landing-shell__gate">${gate()}</div>`,
    '</div>',
  ]
    .map(withoutTestIdsAndStyles)
    .join('');
}
