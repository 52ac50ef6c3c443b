import type { RetagVideo } from '@velora/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tagName, useContentLanguage } from '@/lib/content-language';

interface RetagVideoListProps {
  videos: readonly RetagVideo[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, range: boolean) => void;
  onTogglePage: () => void;
}

/** The page's videos, each with a checkbox, its cover, title, date and current tags. */
export function RetagVideoList({ videos, selected, onToggle, onTogglePage }: RetagVideoListProps) {
  const { t, i18n } = useTranslation();
  const language = useContentLanguage();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const selectedOnPage = videos.filter((video) => selected.has(video.id)).length;
  const all = videos.length > 0 && selectedOnPage === videos.length;
  return (
    <>
      <label className="bo-retag__select-all">
        <input
          type="checkbox"
          checked={all}
          ref={(input) => {
            if (input) input.indeterminate = selectedOnPage > 0 && !all;
          }}
          onChange={onTogglePage}
          data-testid="retag-select-all"
        />
        {t('boTags.retag.selectAll')}
      </label>
      <ul className="bo-retag__videos" aria-label={t('boTags.retag.list')} data-testid="retag-videos">
        {videos.map((video) => {
          const checked = selected.has(video.id);
          return (
            <li key={video.id} className={`bo-retag__video${checked ? ' bo-retag__video--selected' : ''}`} data-testid="retag-video" data-video-id={video.id}>
              <label className="bo-retag__video-label">
                <input
                  type="checkbox"
                  checked={checked}
                  // A click carries Shift (a range); the keyboard's Space clicks too, and Shift+X is the range key.
                  onClick={(event: MouseEvent<HTMLInputElement>) => onToggle(video.id, event.shiftKey)}
                  onChange={() => undefined}
                  aria-label={t('boTags.retag.select', { title: video.title })}
                  data-retag-checkbox={video.id}
                />
                <img className="bo-retag__cover" src={video.thumbnail} alt="" width={148} height={82} loading="lazy" decoding="async" />
                <span className="bo-retag__video-text">
                  <span className="bo-retag__title">{video.title}</span>
                  <span className="backoffice__muted">{t('boTags.retag.published', { date: date.format(new Date(video.published_at * 1000)) })}</span>
                </span>
              </label>
              {video.tags.length === 0 ? (
                <p className="backoffice__muted bo-retag__tags">{t('boTags.retag.noTags')}</p>
              ) : (
                <ul className="backoffice__chips bo-retag__tags" data-testid="retag-video-tags">
                  {video.tags.map((tag) => (
                    <li key={tag.id} className="backoffice__chip">
                      {tagName(tag, language)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
