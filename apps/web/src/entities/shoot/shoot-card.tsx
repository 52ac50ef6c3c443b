import type { Language, ShootSummary } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';

interface ShootCardProps {
  shoot: ShootSummary;
  language: Language;
  /** Where the card leads: the shoot (default), or the update of the same release (feeds). */
  href?: string;
  eager?: boolean;
}

/** A shoot: cover, title, model link, date, counts and the favourite toggle. */
export function ShootCard({ shoot, language, href, eager = false }: ShootCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const published = new Date(shoot.published_at * 1000);
  return (
    <article className="shoot-card" data-testid="shoot-card" aria-labelledby={titleId}>
      <LazyImage
        wrapperClassName="shoot-card__media"
        className="shoot-card__image"
        src={shoot.cover_small}
        variantsOf={shoot.cover}
        sizes="(min-width: 1280px) 300px, (min-width: 720px) 45vw, 92vw"
        width={370}
        height={206}
        alt=""
        decoding="async"
        eager={eager}
      />
      <div className="shoot-card__body">
        <h2 id={titleId} className="shoot-card__title">
          <Link className="card-link" to={href ?? paths.shoot(shoot.id)}>
            {shoot.title}
          </Link>
        </h2>
        <p className="shoot-card__model">
          <Link className="shoot-card__model-link" to={paths.modelProfile(shoot.model.id)}>
            {shoot.model.name_en}
          </Link>
        </p>
        <p className="shoot-card__meta">
          <time dateTime={published.toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(published)}</time>
          <span aria-hidden="true"> · </span>
          {t('catalog.videoCount', { count: shoot.video_count })}
          <span aria-hidden="true"> · </span>
          {t('catalog.imageCount', { count: shoot.image_count })}
        </p>
      </div>
      <FavouriteButton kind="shoot" id={shoot.id} initial={shoot.is_favourite} className="shoot-card__favourite" />
    </article>
  );
}

interface ShootGridProps {
  shoots: readonly ShootSummary[];
  language: Language;
  busy?: boolean;
  hrefFor?: (shoot: ShootSummary) => string;
}

export function ShootGrid({ shoots, language, busy = false, hrefFor }: ShootGridProps) {
  return (
    <ul className={['shoot-grid', busy ? 'catalog-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {shoots.map((shoot, index) => (
        <li key={shoot.id}>
          <ShootCard shoot={shoot} language={language} eager={index < 4} {...(hrefFor ? { href: hrefFor(shoot) } : {})} />
        </li>
      ))}
    </ul>
  );
}

export function ShootGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('shoots.loading')}>
      <ul className="shoot-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="shoot-card shoot-card--skeleton">
            <Skeleton className="shoot-card__media" />
            <div className="shoot-card__body">
              <Skeleton height="1.1em" width="75%" />
              <Skeleton height="0.85em" width="45%" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
