import type { ModelSummary, ShootSummary, Video } from '@velora/shared';
import type { ReactNode } from 'react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RailScrollButtons } from '@/components/rail-scroll';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { formatDuration } from '@/lib/format';
import { paths } from '@/paths';
import { useShowcase } from '../api/get-showcase';
import { Picture } from '@/components/picture';
import { withTexts } from '@/locales/load-texts';

// The landing's teasers (GET /showcase): trailers a visitor may play here, covers of the newest shoots and the
// newest models. A shoot or a model links to its page, which asks a visitor to log in and then goes there.

// The player's texts load with it (decision 066): the landing's first render has no use for them.
const TrailerPlayer = lazy(withTexts(['player'], () => import('./trailer-player')));
/** A rail's card is min(300px, 78vw) wide (styles/favourites-nav-and-home-rails.css). */
const RAIL_SIZES = '(max-width: 385px) 78vw, 300px';

function Rail({ id, title, kind, children }: { id: string; title: string; kind: 'video' | 'shoot' | 'model'; children: ReactNode }) {
  const { t } = useTranslation();
  const railRef = useRef<HTMLUListElement>(null);
  return (
    <section className="home-row landing-rail" aria-labelledby={id} data-testid={`landing-rail-${kind}`}>
      <div className="home-row__header">
        <h3 id={id} className="home-row__title">
          {title}
        </h3>
        <RailScrollButtons
          railRef={railRef}
          className="home-row__scrollers"
          buttonClassName="icon-button home-row__scroll"
          backLabel={t('home.scrollBack', { section: title })}
          onLabel={t('home.scrollOn', { section: title })}
        />
      </div>
      <ul ref={railRef} className={`home-row__list home-row__list--${kind}`} tabIndex={0} aria-labelledby={id}>
        {children}
      </ul>
    </section>
  );
}

function TrailerCard({ video, active, onPlay }: { video: Video; active: boolean; onPlay: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="home-row__item">
      <article className="teaser-card">
        <button
          type="button"
          className="teaser-card__media teaser-card__play"
          // The name holds the visible duration too (axe label-content-name-mismatch).
          aria-label={`${t('landing.teasers.play', { title: video.title })}, ${formatDuration(video.duration)}`}
          aria-pressed={active}
          onClick={onPlay}
        >
          <Picture src={video.thumbnail_small} variantsOf={video.thumbnail} sizes={RAIL_SIZES} alt="" width={370} height={206} loading="lazy" decoding="async" />
          <span className="teaser-card__play-icon" aria-hidden="true">
            ▶
          </span>
          <span className="teaser-card__badge">{formatDuration(video.duration)}</span>
        </button>
        <h4 className="teaser-card__title">{video.title}</h4>
      </article>
    </li>
  );
}

function ShootTeaser({ shoot }: { shoot: ShootSummary }) {
  return (
    <li className="home-row__item">
      <article className="teaser-card">
        <Link className="teaser-card__link" to={paths.shoot(shoot.id)}>
          <span className="teaser-card__media">
            <Picture src={shoot.cover_small} variantsOf={shoot.cover} sizes={RAIL_SIZES} alt="" width={370} height={206} loading="lazy" decoding="async" />
          </span>
          <h4 className="teaser-card__title">{shoot.title}</h4>
        </Link>
        <p className="teaser-card__meta">{shoot.model.name_en}</p>
      </article>
    </li>
  );
}

function ModelTeaser({ model }: { model: ModelSummary }) {
  return (
    <li className="home-row__item">
      <article className="teaser-card teaser-card--model">
        <Link className="teaser-card__link" to={paths.modelProfile(model.id)}>
          <span className="teaser-card__media teaser-card__media--portrait">
            <Picture src={model.image} sizes="(max-width: 435px) 46vw, 200px" alt="" width={510} height={660} loading="lazy" decoding="async" />
          </span>
          <h4 className="teaser-card__title">{model.name_en}</h4>
        </Link>
      </article>
    </li>
  );
}

function TeasersLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('landing.teasers.loading')} data-testid="landing-teasers-loading">
      <div className="home-row" aria-hidden="true">
        <Skeleton height="1.6rem" width="14rem" />
        <div className="home-row__list">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="home-row__item home-row__item--skeleton" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The teaser section of the landing, with its loading, empty and error states. */
export function LandingTeasers() {
  const { t } = useTranslation();
  const showcase = useShowcase();
  const [playing, setPlaying] = useState<Video | null>(null);

  let content: ReactNode;
  if (showcase.isPending) content = <TeasersLoading />;
  else if (showcase.isError) {
    content = <ErrorState title={t('landing.teasers.errorTitle')} text={t('landing.teasers.errorText')} onRetry={() => void showcase.refetch()} />;
  } else {
    const { trailers, shoots, models } = showcase.data;
    content =
      trailers.length + shoots.length + models.length === 0 ? (
        <StatusMessage title={t('landing.teasers.emptyTitle')} text={t('landing.teasers.emptyText')} />
      ) : (
        <div className="landing-teasers__rails">
          {trailers.length > 0 ? (
            <div className="landing-trailers">
              {playing ? (
                <div className="landing-trailer" data-testid="landing-trailer">
                  <div className="embedded-player">
                    <Suspense
                      fallback={
                        <div role="status" aria-label={t('landing.teasers.trailerLoading', { title: playing.title })}>
                          <Skeleton className="embedded-player__placeholder" />
                        </div>
                      }
                    >
                      <TrailerPlayer key={playing.id} id={playing.id} title={playing.title} />
                    </Suspense>
                  </div>
                  <div className="landing-trailer__caption">
                    <p className="landing-trailer__title">{playing.title}</p>
                    <button type="button" className="button button--ghost button--small" onClick={() => setPlaying(null)}>
                      {t('landing.teasers.closeTrailer')}
                    </button>
                  </div>
                </div>
              ) : null}
              <Rail id="landing-rail-trailers" title={t('landing.teasers.trailers')} kind="video">
                {trailers.map((video) => (
                  <TrailerCard key={video.id} video={video} active={playing?.id === video.id} onPlay={() => setPlaying(video)} />
                ))}
              </Rail>
            </div>
          ) : null}
          {shoots.length > 0 ? (
            <Rail id="landing-rail-shoots" title={t('landing.teasers.shoots')} kind="shoot">
              {shoots.map((shoot) => (
                <ShootTeaser key={shoot.id} shoot={shoot} />
              ))}
            </Rail>
          ) : null}
          {models.length > 0 ? (
            <Rail id="landing-rail-models" title={t('landing.teasers.models')} kind="model">
              {models.map((model) => (
                <ModelTeaser key={model.id} model={model} />
              ))}
            </Rail>
          ) : null}
        </div>
      );
  }

  return (
    <section className="landing-section landing-teasers" aria-labelledby="landing-teasers-title" data-testid="landing-teasers">
      <h2 id="landing-teasers-title" className="section-title">
        {t('landing.teasers.title')}
      </h2>
      {content}
    </section>
  );
}
