import { useQueryClient } from '@tanstack/react-query';
import type { CameraList, CameraState, CameraSummary } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CameraGrid, CameraGridSkeleton } from '@/entities/camera/camera-card';
import { Pagination } from '@/components/pagination';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { useContentLanguage } from '@/lib/content-language';
import { useCameraTags } from '../api/get-camera-tags';
import { CAMERA_LISTS_KEY, useCameras } from '../api/get-cameras';
import type { StatusCamera } from '../api/use-camera-status';
import { useCameraStatusUpdates } from '../api/use-camera-status';
import { changeCameraParams, readCameraParams, toggleFilter } from '../camera-params';
import { CameraFilters } from '../components/camera-filters';
import { ExitCodeNotice } from '../components/exit-code-notice';
import '../cameras.css';

const GROUPS: readonly CameraState[] = ['live', 'soon', 'offline'];

/**
 * /cameras?page&filters&order&camera&exit_code&hint: live cams first, then soon, then offline, kept current by the
 * camera:status events without a reload. Everything the member chose lives in the URL.
 */
export default function CamerasRoute() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCameraParams(searchParams);
  const cameras = useCameras({ page: params.page, filters: params.filters, order: params.order });
  const tags = useCameraTags();
  const [announcement, setAnnouncement] = useState('');
  const queryClient = useQueryClient();

  useCameraStatusUpdates((camera, previous) => {
    if (previous === null && camera.state === 'live' && belongsOnPage(camera, cameras.data, params.filters)) {
      // A camera this page did not show went live and would now be on it: ask again (live cams come first).
      void queryClient.invalidateQueries({ queryKey: CAMERA_LISTS_KEY });
      setAnnouncement(t('cameras.nowLive', { name: camera.display_name }));
      return;
    }
    if (previous === null || previous === camera.state) return;
    if (camera.state === 'live') setAnnouncement(t('cameras.nowLive', { name: camera.display_name }));
    else if (previous === 'live') setAnnouncement(t('cameras.wentOffline', { name: camera.display_name }));
  });

  const update = (change: Parameters<typeof changeCameraParams>[1]) => setSearchParams((current) => changeCameraParams(current, change));
  const drop = (name: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="page cameras-page">
      <header className="page-header">
        <h1 className="page-header__title">{t('cameras.title')}</h1>
        <p className="page-header__subtitle">{t('cameras.subtitle')}</p>
      </header>
      {params.exitCode !== null ? <ExitCodeNotice code={params.exitCode} onDismiss={() => drop('exit_code')} /> : null}
      <CameraFilters
        tags={tags.data}
        tagsLoading={tags.isPending}
        tagsFailed={tags.isError}
        onRetryTags={() => void tags.refetch()}
        selected={params.filters}
        onToggle={(id) => update({ filters: toggleFilter(params.filters, id) })}
        order={params.order}
        onOrder={(order) => update({ order })}
        language={language}
      />
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="camera-announcement">
        {announcement}
      </p>
      <CameraResults
        result={cameras}
        highlighted={params.camera}
        filtered={params.filters.length > 0}
        onReset={() => update({ filters: [] })}
        hrefForPage={(page) => {
          const next = new URLSearchParams(searchParams);
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          const qs = next.toString();
          return qs ? `?${qs}` : '?';
        }}
      />
    </div>
  );
}

/**
 * Whether a camera that just went live belongs on the page shown: it matches the filters (a camera matches when it
 * has one of the chosen tags) and the page still has room for live cams (it shows a camera that is not live, or is
 * not full).
 */
function belongsOnPage(camera: StatusCamera, list: CameraList | undefined, filters: readonly number[]): boolean {
  if (!list) return false;
  if (filters.length > 0 && !camera.tags.some((tag) => filters.includes(tag.id))) return false;
  return list.cameras.length < list.per_page || list.cameras.some((c) => c.state !== 'live');
}

interface CameraResultsProps {
  result: ReturnType<typeof useCameras>;
  highlighted: string | null;
  filtered: boolean;
  onReset: () => void;
  hrefForPage: (page: number) => string;
}

function CameraResults({ result, highlighted, filtered, onReset, hrefForPage }: CameraResultsProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { data, isPending, isError, isPlaceholderData, isFetching, refetch } = result;
  useScrollToCamera(highlighted, data);

  if (isPending) return <CameraGridSkeleton />;
  if (isError && !data) return <ErrorState title={t('cameras.errorTitle')} text={t('catalog.errorText')} onRetry={() => void refetch()} />;
  if (!data) return null;
  if (data.cameras.length === 0) {
    return filtered ? (
      <StatusMessage
        title={t('cameras.emptyFiltered')}
        text={t('cameras.emptyFilteredText')}
        action={
          <button type="button" className="button button--primary" onClick={onReset}>
            {t('cameras.resetFilters')}
          </button>
        }
      />
    ) : (
      <StatusMessage title={t('cameras.empty')} text={t('cameras.emptyText')} />
    );
  }
  const busy = isPlaceholderData && isFetching;
  return (
    <div className="catalog-results">
      <p className="catalog-results__count" data-testid="result-count">
        {t('cameras.count', { count: data.total })} · {t('cameras.liveCount', { count: data.live_total })}
      </p>
      {GROUPS.map((state) => {
        const inGroup = data.cameras.filter((camera: CameraSummary) => camera.state === state);
        if (inGroup.length === 0) return null;
        return (
          <section key={state} className="camera-group" aria-labelledby={`camera-group-${state}`} data-testid={`camera-group-${state}`}>
            <h2 id={`camera-group-${state}`} className="camera-group__title">
              {t(`cameras.groups.${state}`)}
            </h2>
            <CameraGrid cameras={inGroup} language={language} busy={busy} highlighted={highlighted} />
          </section>
        );
      })}
      <Pagination page={data.params.page} pages={data.pages} hrefFor={hrefForPage} />
    </div>
  );
}

/** `camera=<name>`: once its card is on screen, scroll to it and put the keyboard on its link. */
function useScrollToCamera(name: string | null, data: CameraList | undefined) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!name || !data || done.current === name) return;
    const card = [...document.querySelectorAll<HTMLElement>('[data-camera-name]')].find((el) => el.dataset.cameraName === name);
    if (!card) return;
    done.current = name;
    card.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    card.querySelector<HTMLElement>('.card-link')?.focus({ preventScroll: true });
  }, [name, data]);
}
