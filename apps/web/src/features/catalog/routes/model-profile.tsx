import type { ModelDetail } from '@velora/shared';
import { clampPage } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { StatusMessage } from '@/components/status-message';
import { VideoGrid, VideoGridSkeleton } from '@/entities/video/video-grid';
import { useOwnModelId } from '@/lib/capabilities';
import { useContentLanguage } from '@/lib/content-language';
import { useModel } from '../api/get-model';
import { useModelShoots } from '../api/get-model-shoots';
import { useModelVideos } from '../api/get-model-videos';
import { CameraLink } from '@/entities/camera/camera-link';
import { CatalogResults } from '../components/catalog-results';
import { DetailFallback, DetailLoading } from '../components/detail-states';
import { ShootGrid, ShootGridSkeleton } from '@/entities/shoot/shoot-card';
import { Tabs } from '../components/tabs';
import { idParam, pageHref } from '../list-params';

const TABS = ['shoots', 'videos', 'cameras'] as const;
type ProfileTab = (typeof TABS)[number];

const isProfileTab = (value: string | null): value is ProfileTab => value !== null && (TABS as readonly string[]).includes(value);

/** /profile/{id}?tab&page: a model's portrait and description, then her shoots, videos and cameras. */
export default function ModelProfileRoute() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const model = useModel(id);

  if (id === null || model.isError) {
    return (
      <DetailFallback
        error={id === null ? null : model.error}
        onRetry={() => void model.refetch()}
        notFound={{ title: t('modelProfile.notFoundTitle'), text: t('modelProfile.notFoundText'), link: { to: paths.models(), label: t('modelProfile.browseModels') } }}
        errorTitle={t('modelProfile.errorTitle')}
      />
    );
  }
  if (model.isPending) return <ProfileSkeleton />;
  return <Profile model={model.data} />;
}

function Profile({ model }: { model: ModelDetail }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawTab = searchParams.get('tab');
  const tab: ProfileTab = isProfileTab(rawTab) ? rawTab : 'shoots';
  const page = clampPage(searchParams.get('page') ?? 1);
  // A model's own accounts have nobody to write to here.
  const ownModelId = useOwnModelId();

  const showTab = (next: ProfileTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next === 'shoots') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="page model-profile">
      <header className="model-profile__header">
        <img className="model-profile__portrait" src={model.image} width={510} height={660} alt={t('modelProfile.portrait', { name: model.name_en })} />
        <div className="model-profile__intro">
          <p className="eyebrow">{t('modelProfile.eyebrow')}</p>
          <div className="model-profile__title-row">
            <h1 className="page-header__title">{model.name_en}</h1>
            <FavouriteButton kind="model" id={model.id} initial={model.is_favourite} className="favourite--large" />
          </div>
          <ul className="fact-list" aria-label={t('modelProfile.facts')}>
            {model.country ? <li>{model.country}</li> : null}
            <li>{t('catalog.videoCount', { count: model.video_count })}</li>
            <li>{t('catalog.shootCount', { count: model.shoot_count })}</li>
          </ul>
          {model.description ? <p className="model-profile__description">{model.description}</p> : null}
          <p className="model-profile__actions">
            {ownModelId === model.id ? null : model.message_name !== null ? (
              <Link className="button button--primary" to={paths.conversation(model.message_name)}>
                {t('messages.sendMessage')}
              </Link>
            ) : (
              <span className="model-profile__no-inbox">{t('messages.noInbox', { name: model.name_en })}</span>
            )}
            {/* The tip popup belongs to features/coins; its data is the model to tip. */}
            <button type="button" className="button button--secondary" onClick={() => showPopup('model-tip', { model_id: model.id, model_name: model.name_en })}>
              {t('coins.tip.button')}
            </button>
          </p>
        </div>
      </header>

      <Tabs
        label={t('modelProfile.sections', { name: model.name_en })}
        tabs={[
          { key: 'shoots', label: t('modelProfile.tabs.shoots', { count: model.shoot_count }) },
          { key: 'videos', label: t('modelProfile.tabs.videos', { count: model.video_count }) },
          { key: 'cameras', label: t('modelProfile.tabs.cameras', { count: model.cameras.length }) },
        ]}
        active={tab}
        onChange={showTab}
      >
        {tab === 'shoots' ? <ModelShoots model={model} page={page} searchParams={searchParams} /> : null}
        {tab === 'videos' ? <ModelVideos model={model} page={page} searchParams={searchParams} /> : null}
        {tab === 'cameras' ? <ModelCameras model={model} /> : null}
      </Tabs>
    </div>
  );
}

interface TabPanelProps {
  model: ModelDetail;
  page: number;
  searchParams: URLSearchParams;
}

function ModelShoots({ model, page, searchParams }: TabPanelProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const shoots = useModelShoots(model.id, page);
  return (
    <CatalogResults
      result={shoots}
      count={(data) => t('shoots.count', { count: data.total })}
      isEmpty={(data) => data.shoots.length === 0}
      skeleton={<ShootGridSkeleton count={4} />}
      empty={{ title: t('modelProfile.noShoots', { name: model.name_en }) }}
      errorTitle={t('shoots.errorTitle')}
      hrefForPage={(target) => pageHref(searchParams, target)}
    >
      {(data, busy) => <ShootGrid shoots={data.shoots} language={language} busy={busy} />}
    </CatalogResults>
  );
}

function ModelVideos({ model, page, searchParams }: TabPanelProps) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const videos = useModelVideos(model.id, page);
  return (
    <CatalogResults
      result={videos}
      count={(data) => t('videos.resultCount', { count: data.total })}
      isEmpty={(data) => data.videos.length === 0}
      skeleton={<VideoGridSkeleton count={4} />}
      empty={{ title: t('modelProfile.noVideos', { name: model.name_en }) }}
      errorTitle={t('videos.errorTitle')}
      hrefForPage={(target) => pageHref(searchParams, target)}
    >
      {(data, busy) => <VideoGrid videos={data.videos} language={language} busy={busy} />}
    </CatalogResults>
  );
}

function ModelCameras({ model }: { model: ModelDetail }) {
  const { t } = useTranslation();
  if (model.cameras.length === 0) {
    return (
      <StatusMessage
        title={t('modelProfile.noCameras')}
        text={t('modelProfile.noCamerasText', { name: model.name_en })}
        action={
          <Link className="button button--secondary" to={paths.cameras()}>
            {t('cameras.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className="camera-list">
      {model.cameras.map((camera) => (
        <li key={camera.name}>
          <CameraLink name={camera.name} online={camera.is_online} href={paths.camera(camera.name)} />
        </li>
      ))}
    </ul>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <DetailLoading label={t('modelProfile.loading')}>
      <div className="model-profile__header">
        <Skeleton className="model-profile__portrait" />
        <div className="model-profile__intro">
          <Skeleton height="2.4rem" width="60%" />
          <Skeleton height="1rem" width="40%" />
          <Skeleton height="4rem" width="90%" />
        </div>
      </div>
    </DetailLoading>
  );
}
