import { clampPage } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVideos } from '../api/get-videos';
import { VideoResults } from '../components/video-results';
import { useContentLanguage } from '@/lib/content-language';

/**
 * /recent_updates?page: the newest releases first. `highlights` (the home sections, when this is
 * the member's landing page) go above the list.
 */
export function RecentUpdatesScreen({ highlights }: { highlights?: ReactNode }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  // The highlights belong to the first page; further pages are the list alone.
  const showHighlights = Boolean(highlights) && page === 1;
  const videos = useVideos({ page, order: 'newest', tags: [], query: null });

  const hrefForPage = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    const search = next.toString();
    return search ? `?${search}` : '?';
  };

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-header__title">{t('recentUpdates.title')}</h1>
        <p className="page-header__subtitle">{t('recentUpdates.subtitle')}</p>
      </header>
      {showHighlights ? highlights : null}
      {showHighlights ? <h2 className="section-title page-section__title">{t('recentUpdates.listTitle')}</h2> : null}
      <VideoResults
        result={videos}
        language={language}
        hrefForPage={hrefForPage}
        empty={{ title: t('recentUpdates.emptyTitle'), text: t('recentUpdates.emptyText') }}
      />
    </div>
  );
}

export default function RecentUpdatesRoute() {
  return <RecentUpdatesScreen />;
}
