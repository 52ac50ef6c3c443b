import type { ModelSummary } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FavouriteButton } from '@/entities/favourite/favourite-button';
import { LazyImage } from '@/components/lazy-image';
import { Skeleton } from '@/components/skeleton';

/** A model: portrait (lazy, product §9), name linking to the profile, counts, and the favourite toggle. */
export function ModelCard({ model }: { model: ModelSummary }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <article className="model-card" data-testid="model-card" aria-labelledby={nameId}>
      <LazyImage
        wrapperClassName="model-card__media"
        className="model-card__image"
        src={model.image}
        sizes="(max-width: 440px) 92vw, (max-width: 900px) 45vw, 240px"
        width={510}
        height={660}
        alt=""
        decoding="async"
        fallback={
          <span className="model-card__placeholder" aria-hidden="true">
            {model.name_en.slice(0, 1)}
          </span>
        }
      />
      <div className="model-card__body">
        <h2 id={nameId} className="model-card__name">
          <Link className="card-link" to={paths.modelProfile(model.id)}>
            {model.name_en}
          </Link>
        </h2>
        <p className="model-card__meta">
          {[t('catalog.videoCount', { count: model.video_count }), t('catalog.shootCount', { count: model.shoot_count })].join(' · ')}
        </p>
        {model.country ? <p className="model-card__country">{model.country}</p> : null}
      </div>
      <FavouriteButton kind="model" id={model.id} initial={model.is_favourite} className="model-card__favourite" />
    </article>
  );
}

export function ModelGrid({ models, busy = false }: { models: readonly ModelSummary[]; busy?: boolean }) {
  return (
    <ul className={['model-grid', busy ? 'catalog-grid--busy' : ''].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
      {models.map((model) => (
        <li key={model.id}>
          <ModelCard model={model} />
        </li>
      ))}
    </ul>
  );
}

export function ModelGridSkeleton({ count = 10 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('models.loading')}>
      <ul className="model-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="model-card model-card--skeleton">
            <Skeleton className="model-card__media" />
            <div className="model-card__body">
              <Skeleton height="1.1em" width="70%" />
              <Skeleton height="0.85em" width="50%" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
