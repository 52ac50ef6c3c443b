import type { HomeSection, Language } from '@velora/shared';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RailScrollButtons } from '@/components/rail-scroll';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/status-message';
import { VideoCard } from '@/entities/video/video-card';
import { useContentLanguage } from '@/lib/content-language';
import { useHome } from '../api/get-home';
import { ModelCard } from '@/entities/model/model-card';
import { ShootCard } from '@/entities/shoot/shoot-card';

/** The items of a section, whatever its kind; an empty section is hidden. */
export function sectionItemCount(section: HomeSection): number {
  return (section.videos?.length ?? 0) + (section.models?.length ?? 0) + (section.shoots?.length ?? 0);
}

function sectionItems(section: HomeSection, language: Language): { key: number; node: ReactNode }[] {
  switch (section.kind) {
    case 'video':
      return (section.videos ?? []).map((video) => {
        const progress = section.progress?.[String(video.id)];
        return { key: video.id, node: <VideoCard video={video} language={language} {...(progress !== undefined ? { progress } : {})} /> };
      });
    case 'model':
      return (section.models ?? []).map((model) => ({ key: model.id, node: <ModelCard model={model} /> }));
    case 'shoot':
      return (section.shoots ?? []).map((shoot) => ({ key: shoot.id, node: <ShootCard shoot={shoot} language={language} /> }));
  }
}

/**
 * One section: a heading and a horizontal row. The row is a focusable region (arrow keys scroll
 * it), every card in it is reachable with Tab, and the buttons scroll it for pointer users.
 */
function HomeRow({ section, language }: { section: HomeSection; language: Language }) {
  const { t } = useTranslation();
  const rowRef = useRef<HTMLUListElement>(null);
  const headingId = `home-section-${section.name}`;
  return (
    <section className="home-row" aria-labelledby={headingId} data-testid={`home-section-${section.name}`}>
      <div className="home-row__header">
        <h2 id={headingId} className="home-row__title">
          {t(`home.sections.${section.name}`)}
        </h2>
        <RailScrollButtons
          railRef={rowRef}
          className="home-row__scrollers"
          buttonClassName="icon-button home-row__scroll"
          backLabel={t('home.scrollBack', { section: t(`home.sections.${section.name}`) })}
          onLabel={t('home.scrollOn', { section: t(`home.sections.${section.name}`) })}
        />
      </div>
      <ul ref={rowRef} className={`home-row__list home-row__list--${section.kind}`} tabIndex={0} aria-labelledby={headingId}>
        {sectionItems(section, language).map((item) => (
          <li key={item.key} className="home-row__item">
            {item.node}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The members' home (GET /home): one row per non-empty section, in the server's order. */
export function HomeSections() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const home = useHome();

  if (home.isPending) {
    return (
      <div className="home-sections" role="status" aria-label={t('home.loading')} data-testid="home-loading">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="home-row" aria-hidden="true">
            <Skeleton height="1.6rem" width="14rem" />
            <div className="home-row__list">
              {Array.from({ length: 4 }, (_, j) => (
                <Skeleton key={j} className="home-row__item home-row__item--skeleton" />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (home.isError) {
    return (
      <div className="home-sections">
        <ErrorState title={t('home.errorTitle')} text={t('catalog.errorText')} onRetry={() => void home.refetch()} />
      </div>
    );
  }
  const sections = home.data.sections.filter((section) => sectionItemCount(section) > 0);
  if (sections.length === 0) return null;
  return (
    <div className="home-sections" data-testid="home-sections">
      {sections.map((section) => (
        <HomeRow key={section.name} section={section} language={language} />
      ))}
    </div>
  );
}
