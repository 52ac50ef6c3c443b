import { clampPage } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { useContentLanguage } from '@/lib/content-language';
import { useFeed } from '../api/get-feed';
import { CatalogResults } from '../components/catalog-results';
import { ShootGrid, ShootGridSkeleton } from '@/entities/shoot/shoot-card';
import { pageHref } from '../list-params';

/**
 * /feeds?page: the releases of the member's favourite models (everyone's while there are none).
 * `highlights` (the home sections, when this is the member's landing page) go above the list.
 */
export function FeedScreen({ highlights }: { highlights?: ReactNode }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  // The highlights belong to the first page; further pages are the list alone.
  const showHighlights = Boolean(highlights) && page === 1;
  const feed = useFeed(page);

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-header__title">{t('feed.title')}</h1>
        <p className="page-header__subtitle">
          {feed.data && !feed.data.personal ? (
            <>
              {t('feed.generalSubtitle')}{' '}
              <Link className="text-link" to={paths.models()}>
                {t('feed.findModels')}
              </Link>
            </>
          ) : (
            t('feed.subtitle')
          )}
        </p>
      </header>
      {showHighlights ? highlights : null}
      {showHighlights ? <h2 className="section-title page-section__title">{t('feed.listTitle')}</h2> : null}
      <CatalogResults
        result={feed}
        count={(data) => t('feed.count', { count: data.total })}
        isEmpty={(data) => data.items.length === 0}
        skeleton={<ShootGridSkeleton />}
        empty={{
          title: t('feed.emptyTitle'),
          text: t('feed.emptyText'),
          action: (
            <Link className="button button--primary" to={paths.models()}>
              {t('feed.findModels')}
            </Link>
          ),
        }}
        errorTitle={t('feed.errorTitle')}
        hrefForPage={(target) => pageHref(searchParams, target)}
      >
        {(data, busy) => <ShootGrid shoots={data.items} language={language} busy={busy} hrefFor={(shoot) => paths.update(shoot.id)} />}
      </CatalogResults>
    </div>
  );
}

export default function FeedsRoute() {
  return <FeedScreen />;
}
