import type { ChapterImages } from '@velora/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/paths';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';
import { StatusMessage } from '@/components/status-message';
import { useChapterImages } from '../api/get-chapter-images';
import { useShoot } from '../api/get-shoot';
import { DetailFallback, DetailLoading } from '../components/detail-states';
import { GalleryLightbox } from '../components/gallery-lightbox';
import { idParam } from '../list-params';

/**
 * /shoot/{galleryId}/images/{chapterId}: a chapter's thumbnails; members who may see full size
 * (premium or unlocked, as the shoot says) open them in a lightbox.
 */
export default function ShootImagesRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const shootId = idParam(params.galleryId);
  const chapterId = idParam(params.chapterId);
  const gallery = useChapterImages(shootId, chapterId);
  const shoot = useShoot(shootId);

  const malformed = shootId === null || chapterId === null;
  if (malformed || gallery.isError || shoot.isError) {
    return (
      <DetailFallback
        error={malformed ? null : (gallery.error ?? shoot.error)}
        onRetry={() => {
          if (gallery.isError) void gallery.refetch();
          if (shoot.isError) void shoot.refetch();
        }}
        notFound={{ title: t('gallery.notFoundTitle'), text: t('gallery.notFoundText'), link: { to: paths.shoots(), label: t('shoot.browseShoots') } }}
        errorTitle={t('gallery.errorTitle')}
      />
    );
  }
  if (gallery.isPending || shoot.isPending) {
    return (
      <DetailLoading label={t('gallery.loading')}>
        <Skeleton height="2.4rem" width="40%" />
        <ul className="image-grid">
          {Array.from({ length: 12 }, (_, i) => (
            <li key={i}>
              <Skeleton className="image-grid__thumb" />
            </li>
          ))}
        </ul>
      </DetailLoading>
    );
  }
  return <Gallery key={gallery.data.chapter.id} data={gallery.data} fullSize={shoot.data.unlocked} />;
}

function Gallery({ data, fullSize }: { data: ChapterImages; fullSize: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef(new Map<number, HTMLButtonElement>());
  const { shoot, chapter, chapters, images } = data;
  const total = images.length;

  return (
    <div className="page gallery">
      <header className="page-header">
        <p className="eyebrow">
          <Link className="text-link" to={paths.shoot(shoot.id)}>
            {shoot.title}
          </Link>
          {' · '}
          <Link className="text-link" to={paths.modelProfile(shoot.model.id)}>
            {shoot.model.name_en}
          </Link>
        </p>
        <h1 className="page-header__title">{chapter.title}</h1>
        <p className="page-header__subtitle">{t('catalog.imageCount', { count: total })}</p>
      </header>

      {chapters.length > 1 ? (
        <nav className="chapter-switcher" aria-label={t('gallery.chapters')}>
          <ul className="chapter-switcher__list">
            {chapters.map((item) => (
              <li key={item.id}>
                <Link
                  className="chip chip--link"
                  to={paths.shootImages(shoot.id, item.id)}
                  aria-current={item.id === chapter.id ? 'page' : undefined}
                >
                  {item.title}
                  <span className="chip__count">{item.image_count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {fullSize ? null : (
        <p className="premium-note" data-testid="premium-note">
          <span>{t('gallery.premiumNote')}</span>
          <Link className="button button--primary button--small" to={paths.paywall()}>
            {t('gallery.becomePremium')}
          </Link>
        </p>
      )}

      {total === 0 ? (
        <StatusMessage title={t('gallery.emptyTitle')} />
      ) : (
        <ul className="image-grid" aria-label={t('gallery.imagesOf', { title: chapter.title })}>
          {images.map((image, index) => {
            const label = t('gallery.position', { index: index + 1, total });
            return (
              <li key={image.id}>
                {fullSize ? (
                  <button
                    type="button"
                    className="image-grid__button"
                    ref={(el) => {
                      if (el) thumbs.current.set(index, el);
                      else thumbs.current.delete(index);
                    }}
                    aria-label={t('gallery.open', { position: label })}
                    aria-haspopup="dialog"
                    onClick={() => setOpen(index)}
                  >
                    <LazyImage wrapperClassName="image-grid__frame" className="image-grid__thumb" src={image.thumbnail} sizes="(max-width: 720px) 45vw, 200px" width={400} height={400} alt="" decoding="async" />
                  </button>
                ) : (
                  <LazyImage wrapperClassName="image-grid__frame" className="image-grid__thumb" src={image.thumbnail} sizes="(max-width: 720px) 45vw, 200px" width={400} height={400} alt={label} decoding="async" />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {fullSize ? (
        <GalleryLightbox
          title={chapter.title}
          images={images}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
          returnFocusTo={(index) => thumbs.current.get(index) ?? null}
        />
      ) : null}
    </div>
  );
}
