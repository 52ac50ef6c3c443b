import { BACKOFFICE_VIDEO_STATUSES, type BackofficeVideoStatus } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '@/components/select-field';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useVideos, type VideoFilters } from '../api/get-videos';
import { formatDuration, VideoStatus } from '../components/video-status';
import '../videos.css';

const isStatus = (value: string | null): value is BackofficeVideoStatus => (BACKOFFICE_VIDEO_STATUSES as readonly string[]).includes(value ?? '');

/** /backoffice/videos: every video with its status (uploading … published), searchable (moderation.content). */
export default function VideosListRoute() {
  const { t, i18n } = useTranslation();
  const { can } = useCapabilities();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: VideoFilters = { page: Math.max(1, Number(params.get('page')) || 1), query: params.get('query') ?? '', status: isStatus(status) ? status : '' };
  const [query, setQuery] = useState(filters.query);
  const [statusChoice, setStatusChoice] = useState<string>(filters.status);
  const videos = useVideos(filters);

  const apply = (next: Partial<VideoFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    if (merged.query.trim()) search.set('query', merged.query.trim());
    if (merged.status) search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ query, status: isStatus(statusChoice) ? statusChoice : '', page: 1 });
  };
  const date = (unix: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(unix * 1000));

  let body;
  if (videos.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boVideos.loading')}
      </p>
    );
  } else if (videos.isError) {
    body = <ErrorState title={t('boVideos.loadFailed')} onRetry={() => void videos.refetch()} />;
  } else if (videos.data.videos.length === 0) {
    body = <StatusMessage title={filters.query || filters.status ? t('boVideos.empty') : t('boVideos.emptyAll')} />;
  } else {
    const { total, page, page_size: size } = videos.data;
    const pages = Math.max(1, Math.ceil(total / size));
    body = (
      <>
        <div className="backoffice__scroll">
          <table className="backoffice__table" data-testid="videos-table">
            <caption className="visually-hidden">{t('boVideos.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('boVideos.columns.title')}</th>
                <th scope="col">{t('boVideos.columns.status')}</th>
                <th scope="col">{t('boVideos.columns.models')}</th>
                <th scope="col">{t('boVideos.columns.published')}</th>
                <th scope="col">{t('boVideos.columns.duration')}</th>
              </tr>
            </thead>
            <tbody>
              {videos.data.videos.map((video) => (
                <tr key={video.id} data-testid="video-row" data-video-id={video.id}>
                  <th scope="row" data-label={t('boVideos.columns.title')}>
                    <Link to={paths.backofficeVideo(video.id)}>{video.title}</Link>
                  </th>
                  <td data-label={t('boVideos.columns.status')}>
                    <VideoStatus status={video.status} progress={video.progress} />
                  </td>
                  <td data-label={t('boVideos.columns.models')}>{video.models.length ? video.models.map((m) => m.name).join(', ') : t('boVideos.none')}</td>
                  <td data-label={t('boVideos.columns.published')}>
                    {video.published_at ? <time dateTime={new Date(video.published_at * 1000).toISOString()}>{date(video.published_at)}</time> : t('boVideos.none')}
                  </td>
                  <td data-label={t('boVideos.columns.duration')}>{video.duration > 0 ? formatDuration(video.duration) : t('boVideos.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
          <nav className="backoffice__row-actions bo-videos__pages" aria-label={t('boVideos.pageOf', { page, pages })}>
            <button type="button" className="button" disabled={page <= 1} onClick={() => apply({ page: page - 1 })}>
              {t('boVideos.previous')}
            </button>
            <span className="backoffice__muted">{t('boVideos.pageOf', { page, pages })}</span>
            <button type="button" className="button" disabled={page >= pages} onClick={() => apply({ page: page + 1 })}>
              {t('boVideos.next')}
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <BackofficeFrame title={t('boVideos.title')} intro={t('boVideos.intro')} titleId="bo-videos-title">
      {can('admin.settings') ? (
        <p>
          <Link className="button button--primary" to={paths.backofficeVideoNew()} data-testid="new-video">
            {t('boVideos.newVideo')}
          </Link>
        </p>
      ) : null}
      <form className="backoffice__form bo-videos__filters" role="search" onSubmit={submit}>
        <TextField label={t('boVideos.search')} value={query} onChange={(event) => setQuery(event.target.value)} type="search" maxLength={100} />
        <SelectField
          label={t('boVideos.status')}
          value={statusChoice}
          onChange={(event) => setStatusChoice(event.target.value)}
          placeholder={t('boVideos.allStatuses')}
          options={BACKOFFICE_VIDEO_STATUSES.map((s) => ({ value: s, label: t(`boVideos.statuses.${s}`) }))}
        />
        <div>
          <button type="submit" className="button">
            {t('boVideos.filter')}
          </button>
        </div>
      </form>
      {body}
    </BackofficeFrame>
  );
}
