import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { useCapabilities } from '@/lib/capabilities';
import { paths } from '@/paths';
import { BACKOFFICE_ENTRY, BACKOFFICE_SECTIONS } from './backoffice-sections';
import '../backoffice.css';

/**
 * A back-office page: its title, the sections this person may use, and the content. Someone without any back-office
 * capability is told it is for the team, and nothing is asked of the server (which would answer 403).
 */
export function BackofficeFrame({ title, intro, titleId, children }: { title: string; intro?: string; titleId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { can, isPending } = useCapabilities();
  const sections = BACKOFFICE_SECTIONS.filter((section) => can(section.capability));
  const allowed = BACKOFFICE_ENTRY.some((capability) => can(capability));
  if (isPending) {
    return (
      <article className="page backoffice" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('secondFactor.loading')}
        </span>
      </article>
    );
  }
  return (
    <article className="page backoffice" aria-labelledby={titleId}>
      <header className="page-header">
        <h1 id={titleId} className="page-header__title">
          {title}
        </h1>
        {intro ? <p className="page-header__subtitle">{intro}</p> : null}
      </header>
      {allowed ? (
        <>
          <nav className="backoffice__nav" aria-label={t('backoffice.navLabel')}>
            <ul>
              <li>
                <NavLink to={paths.backoffice()} end>
                  {t('backoffice.home')}
                </NavLink>
              </li>
              {sections.map((section) => (
                <li key={section.key}>
                  <NavLink to={section.href()}>{t(`backoffice.sections.${section.key}.title`)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {children}
        </>
      ) : (
        <div data-testid="backoffice-team-only">
          <StatusMessage
            title={t('backoffice.teamOnly.title')}
            text={t('backoffice.teamOnly.text')}
            action={
              <Link className="button button--primary" to={paths.home()}>
                {t('common.backHome')}
              </Link>
            }
          />
        </div>
      )}
    </article>
  );
}
