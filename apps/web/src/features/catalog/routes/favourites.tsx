import type { FavouriteItem, FavouriteKind, FavouriteList } from '@velora/shared';
import { FAVOURITE_KINDS, clampPage } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';
import { VideoGrid, VideoGridSkeleton } from '@/entities/video/video-grid';
import { useContentLanguage } from '@/lib/content-language';
import { useFavourites } from '../api/get-favourites';
import { CameraGrid, CameraGridSkeleton } from '@/entities/camera/camera-card';
import { CatalogResults } from '../components/catalog-results';
import { ModelGrid, ModelGridSkeleton } from '@/entities/model/model-card';
import { ShootGrid, ShootGridSkeleton } from '@/entities/shoot/shoot-card';
import { pageHref } from '../list-params';

/** The item of each kind, when the server sent it (exactly one per kind). */
const itemsOf = <K extends FavouriteKind>(data: FavouriteList, kind: K) =>
  data.items.map((item) => item[kind]).filter((entry): entry is NonNullable<FavouriteItem[K]> => entry !== undefined);

/** The other favourites pages, one tab stop each; the current one is marked. */
function FavouritesNav() {
  const { t } = useTranslation();
  return (
    <nav className="subnav" aria-label={t('favourites.navLabel')}>
      <ul className="subnav__list">
        {FAVOURITE_KINDS.map((kind) => (
          <li key={kind}>
            <NavLink className="subnav__link" to={paths.favourites(kind)} end>
              {t(`favourites.kinds.${kind}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FavouritesPage({ kind }: { kind: FavouriteKind }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const [searchParams] = useSearchParams();
  const page = clampPage(searchParams.get('page') ?? 1);
  const favourites = useFavourites(kind, page);
  const browse: Record<FavouriteKind, string> = { model: paths.models(), shoot: paths.shoots(), video: paths.videos(), image: paths.shoots(), camera: paths.cameras() };

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-header__title">{t(`favourites.titles.${kind}`)}</h1>
        <p className="page-header__subtitle">{t('favourites.subtitle')}</p>
      </header>
      <FavouritesNav />
      <CatalogResults
        result={favourites}
        count={(data) => t('favourites.count', { count: data.total })}
        isEmpty={(data) => data.items.length === 0}
        skeleton={
          kind === 'model' ? <ModelGridSkeleton count={5} /> : kind === 'video' ? <VideoGridSkeleton count={4} /> : kind === 'shoot' ? <ShootGridSkeleton count={4} /> : kind === 'camera' ? <CameraGridSkeleton count={3} /> : <ImageGridSkeleton />
        }
        empty={{
          title: t(`favourites.empty.${kind}`),
          text: t('favourites.emptyText'),
          action: (
            <Link className="button button--primary" to={browse[kind]}>
              {t(`favourites.browse.${kind}`)}
            </Link>
          ),
        }}
        errorTitle={t('favourites.errorTitle')}
        hrefForPage={(target) => pageHref(searchParams, target)}
      >
        {(data, busy) => {
          switch (kind) {
            case 'model':
              return <ModelGrid models={itemsOf(data, 'model')} busy={busy} />;
            case 'shoot':
              return <ShootGrid shoots={itemsOf(data, 'shoot')} language={language} busy={busy} />;
            case 'video':
              return <VideoGrid videos={itemsOf(data, 'video')} language={language} busy={busy} favourites />;
            case 'image':
              return <FavouriteImages images={itemsOf(data, 'image')} busy={busy} />;
            case 'camera':
              return <CameraGrid cameras={itemsOf(data, 'camera')} language={language} busy={busy} />;
          }
        }}
      </CatalogResults>
    </div>
  );
}

type FavouriteImage = NonNullable<FavouriteItem['image']>;

/** Saved images: each opens its chapter, and can be removed here. */
function FavouriteImages({ images, busy }: { images: readonly FavouriteImage[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={['image-grid', busy ? 'catalog-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {images.map((image) => (
        <li key={image.id} className="image-tile" data-testid="favourite-image">
          <Link className="image-tile__link" to={paths.shootImages(image.shoot_id, image.chapter_id)} aria-label={t('favourites.openImage', { id: image.id })}>
            <LazyImage wrapperClassName="image-grid__frame" className="image-grid__thumb" src={image.thumbnail} sizes="(max-width: 720px) 45vw, 200px" width={400} height={400} alt="" decoding="async" />
          </Link>
          <FavouriteButton kind="image" id={image.id} initial className="image-tile__favourite favourite--on-dark" />
        </li>
      ))}
    </ul>
  );
}

function ImageGridSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <ul className="image-grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <Skeleton className="image-grid__thumb" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export const FavouriteModelsRoute = () => <FavouritesPage kind="model" />;
export const FavouriteShootsRoute = () => <FavouritesPage kind="shoot" />;
export const FavouriteVideosRoute = () => <FavouritesPage kind="video" />;
export const FavouriteImagesRoute = () => <FavouritesPage kind="image" />;
export const FavouriteCamsRoute = () => <FavouritesPage kind="camera" />;
