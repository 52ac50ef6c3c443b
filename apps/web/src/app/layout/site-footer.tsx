import { THEMES } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteName } from '../routes';
import { routePath } from '../routes';

type Theme = (typeof THEMES)[number];

const LEGAL_LINKS = ['aboutUs', 'contactUs', 'communityGuidelines', 'agb', 'report', 'dmca', 'prohibitedContent'] as const satisfies readonly RouteName[];

/** Themes are sets of CSS custom properties (styles/tokens.css), switched on <html data-theme>. */
function ThemeSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [theme, setTheme] = useState<Theme>(() => (document.documentElement.dataset.theme as Theme | undefined) ?? 'dark');
  return (
    <span className="footer-theme">
      <label htmlFor={id}>{t('theme.label')}</label>
      <span className="select-wrap select-wrap--compact">
        <select
          id={id}
          className="select select--compact"
          value={theme}
          onChange={(event) => {
            const next = event.target.value as Theme;
            document.documentElement.dataset.theme = next;
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

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <div className="site-footer__inner">
        <nav aria-label={t('footer.legal')}>
          <ul className="site-footer__links">
            {LEGAL_LINKS.map((name) => (
              <li key={name}>
                <Link to={routePath(name)}>{t(`routes.${name}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__meta">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <p className="site-footer__demo">{t('footer.demo')}</p>
          <ThemeSelect />
        </div>
      </div>
    </footer>
  );
}
