import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../pages.css';

export interface SitemapLink {
  href: string;
  label: string;
}
export interface SitemapGroup {
  id: string;
  title: string;
  links: readonly SitemapLink[];
}

/** /sitemap: every page a person can open without an id, grouped; the app builds the groups from the route table. */
export function SitemapPage({ groups }: { groups: readonly SitemapGroup[] }) {
  const { t } = useTranslation();
  return (
    <article className="page page--narrow sitemap" aria-labelledby="sitemap-title" data-testid="sitemap">
      <header className="page-header">
        <h1 id="sitemap-title" className="page-header__title">
          {t('pages.sitemap.title')}
        </h1>
        <p className="page-header__subtitle">{t('pages.sitemap.intro')}</p>
      </header>
      <div className="sitemap__groups">
        {groups
          .filter((group) => group.links.length > 0)
          .map((group) => (
            <nav key={group.id} className="sitemap__group" aria-labelledby={`sitemap-${group.id}`}>
              <h2 id={`sitemap-${group.id}`} className="legal-page__heading">
                {group.title}
              </h2>
              <ul className="sitemap__list">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link className="text-link" to={link.href}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
    </article>
  );
}
