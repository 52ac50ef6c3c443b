import { THEMES } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { companyAddressLine, companyDisplayName, useCompanyValues } from '@/components/company-values';
import { showPopup } from '@/components/popups/popup-store';
import { isConsentRequired } from '@/features/compliance/rules';
import { useVisit } from '@/features/tracking/api/get-visit';
import type { RouteName } from '@/paths';
import { routePath } from '@/paths';
import { useSiteConfig } from '../site-config';
import type { FooterVariant } from './layout-variants';
import type { Theme } from './theme';
import { chooseTheme, currentTheme } from './theme';

const LEGAL_LINKS = ['aboutUs', 'contactUs', 'communityGuidelines', 'agb', 'report', 'dmca', 'prohibitedContent'] as const satisfies readonly RouteName[];
/** The io variant has only these pages (product §2). */
const IO_LEGAL_LINKS = ['contactUs', 'agb', 'report', 'dmca', 'prohibitedContent'] as const satisfies readonly RouteName[];

/** Themes are sets of CSS custom properties (styles/tokens.css), switched on <html data-theme> and remembered. */
function ThemeSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [theme, setTheme] = useState<Theme>(() => currentTheme());
  return (
    <span className="footer-theme">
      <label htmlFor={id}>{t('theme.label')}</label>
      <span className="select-wrap select-wrap--compact">
        <select
          id={id}
          className="select select--compact"
          data-testid="theme-select"
          value={theme}
          onChange={(event) => {
            const next = event.target.value as Theme;
            chooseTheme(next);
            setTheme(next);
          }}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {t(`theme.${name}`)}
            </option>
          ))}
        </select>
      </span>
    </span>
  );
}

/** The company behind the site (product §1: net, de or ch values; German until known and on failure). */
function CompanyLine() {
  const { t } = useTranslation();
  const { values } = useCompanyValues();
  return (
    <address className="site-footer__company" aria-label={t('siteVariant.company.label')} data-testid="footer-company">
      <strong>{companyDisplayName(values)}</strong>
      <span>{companyAddressLine(values)}</span>
      {values.support_email ? (
        <span>
          {t('siteVariant.company.support')}: <a href={`mailto:${values.support_email}`}>{values.support_email}</a>
        </span>
      ) : null}
    </address>
  );
}

/** "Cookie settings" is offered where the cookie question is asked at all (product §4). */
function useCookieSettingsOffered(): boolean {
  const { variant } = useSiteConfig();
  const { data: visit } = useVisit();
  return variant !== 'io' && visit !== undefined && isConsentRequired(visit);
}

/** Asks the cookie question again, to change the answer. */
function CookieSettingsButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="text-link site-footer__cookies" data-testid="cookie-settings-open" onClick={() => showPopup('cookies')}>
      {t('compliance.cookies.reopen')}
    </button>
  );
}

export function SiteFooter({ variant = 'full' }: { variant?: FooterVariant }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const links = site.variant === 'io' ? IO_LEGAL_LINKS : LEGAL_LINKS;
  const cookieSettings = useCookieSettingsOffered();
  return (
    <footer className={`site-footer site-footer--${variant}`} aria-label={t('footer.label')}>
      <div className="site-footer__inner">
        <nav aria-label={t('footer.legal')}>
          <ul className="site-footer__links">
            {links.map((name) => (
              <li key={name}>
                <Link to={routePath(name)}>{t(`routes.${name}`)}</Link>
              </li>
            ))}
            {cookieSettings ? (
              <li>
                <CookieSettingsButton />
              </li>
            ) : null}
          </ul>
        </nav>
        {variant === 'full' ? <CompanyLine /> : null}
        <div className="site-footer__meta">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          {variant === 'full' ? <p className="site-footer__demo">{t('footer.demo')}</p> : <CompanyLine />}
          <ThemeSelect />
        </div>
      </div>
    </footer>
  );
}
