import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVideoTags } from '../api/get-video-tags';
import { useVideos } from '../api/get-videos';
import { OrderSelect, VideoSearch } from '../components/video-toolbar';
import { SelectedTags, TagFilter } from '../components/tag-filter';
import { VideoResults } from '../components/video-results';
import type { VideoFilters } from '../filters';
import { changeVideoFilters, hasActiveFilters, readVideoFilters, toggleTag, writeVideoFilters } from '../filters';
import { useContentLanguage } from '@/lib/content-language';

/** /videos?page&order&tags&query: the whole library; every filter lives in the URL. */
export default function VideosRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readVideoFilters(searchParams);
  const videos = useVideos({ ...filters, query: filters.query || null });
  const tags = useVideoTags();

  const apply = (change: Partial<VideoFilters>) =>
    setSearchParams((current) => writeVideoFilters(changeVideoFilters(readVideoFilters(current), change), current));
  const hrefForPage = (page: number) => `?${writeVideoFilters({ ...filters, page }, searchParams).toString()}`;
  const resetAll = () => apply({ tags: [], query: '', order: 'newest' });

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-header__title">{t('videos.title')}</h1>
        <p className="page-header__subtitle">{t('videos.subtitle')}</p>
      </header>

      <section className="filters" aria-label={t('videos.filtersLabel')}>
        <div className="filters__row">
          <VideoSearch key={filters.query} query={filters.query} onSearch={(query) => apply({ query })} />
          <OrderSelect value={filters.order} onChange={(order) => apply({ order })} />
        </div>
        <TagFilter
          tags={tags.data}
          selected={filters.tags}
          language={language}
          isLoading={tags.isPending}
          isError={tags.isError}
          onToggle={(id) => apply({ tags: toggleTag(filters.tags, id) })}
          onRetry={() => void tags.refetch()}
        />
        {tags.data ? (
          <SelectedTags
            tags={tags.data}
            selected={filters.tags}
            language={language}
            onRemove={(id) => apply({ tags: filters.tags.filter((tag) => tag !== id) })}
            onClear={() => apply({ tags: [] })}
          />
        ) : null}
      </section>

      <VideoResults
        result={videos}
        language={language}
        hrefForPage={hrefForPage}
        countSuffix={
          filters.query ? (
            <>
              {t('videos.resultsFor', { query: filters.query })}{' '}
              <button type="button" className="text-button" onClick={() => apply({ query: '' })}>
                {t('videos.searchClear')}
              </button>
            </>
          ) : null
        }
        empty={{
          title: t('videos.emptyTitle'),
          text: t('videos.emptyText'),
          action: hasActiveFilters(filters) ? (
            <button type="button" className="button button--secondary" onClick={resetAll}>
              {t('videos.resetFilters')}
            </button>
          ) : undefined,
        }}
      />
    </div>
  );
}
