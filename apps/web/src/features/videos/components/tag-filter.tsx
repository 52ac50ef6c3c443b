import type { Language, Tag } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { tagName } from '@/lib/content-language';

interface TagFilterProps {
  tags: readonly Tag[] | undefined;
  selected: readonly number[];
  language: Language;
  isLoading: boolean;
  isError: boolean;
  onToggle: (id: number) => void;
  onRetry: () => void;
}

/** Tags in the alphabetical order of the page language. */
function sortTags(tags: readonly Tag[], language: Language): Tag[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...tags].sort((a, b) => collator.compare(tagName(a, language), tagName(b, language)));
}

/** Toggle buttons, one per tag (aria-pressed); the accessible name of each is the tag name, its video count the description. */
export function TagFilter({ tags, selected, language, isLoading, isError, onToggle, onRetry }: TagFilterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="tag-filter">
      <h2 id={labelId} className="filter-label">
        {t('videos.tagFilter')}
      </h2>
      {isLoading ? (
        <div className="tag-filter__list" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="chip chip--skeleton" width={`${4 + (i % 3) * 1.5}rem`} />
          ))}
        </div>
      ) : isError || !tags ? (
        <p className="tag-filter__error" role="alert">
          {t('videos.tagsLoadFailed')}{' '}
          <button type="button" className="text-button" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      ) : (
        <div className="tag-filter__list" role="group" aria-labelledby={labelId} data-testid="tag-filter">
          {sortTags(tags, language).map((tag) => {
            const name = tagName(tag, language);
            const pressed = selected.includes(tag.id);
            const countId = `${labelId}-count-${tag.id}`;
            // The name comes from the visible text (no aria-label that could differ from it, WCAG 2.5.3); the
            // number is said as the description ("12 videos"), not as part of the name.
            return (
              <button
                key={tag.id}
                type="button"
                className="chip chip--toggle"
                aria-pressed={pressed}
                aria-describedby={countId}
                onClick={() => onToggle(tag.id)}
              >
                <span>{name}</span>
                <span className="chip__count" aria-hidden="true">
                  {tag.video_count}
                </span>
                <span id={countId} hidden>
                  {t('catalog.videoCount', { count: tag.video_count })}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

interface SelectedTagsProps {
  tags: readonly Tag[];
  selected: readonly number[];
  language: Language;
  onRemove: (id: number) => void;
  onClear: () => void;
}

/** The chosen tags as removable chips. */
export function SelectedTags({ tags, selected, language, onRemove, onClear }: SelectedTagsProps) {
  const { t } = useTranslation();
  const chosen = selected.map((id) => tags.find((tag) => tag.id === id)).filter((tag): tag is Tag => tag !== undefined);
  if (chosen.length === 0) return null;
  return (
    <div className="selected-tags">
      <ul className="selected-tags__list" aria-label={t('videos.selectedTags')}>
        {chosen.map((tag) => {
          const name = tagName(tag, language);
          return (
            <li key={tag.id}>
              <button type="button" className="chip chip--removable" onClick={() => onRemove(tag.id)} aria-label={t('videos.removeTag', { name })}>
                {name}
                <span aria-hidden="true" className="chip__remove">
                  ×
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="text-button" onClick={onClear}>
        {t('videos.clearTags')}
      </button>
    </div>
  );
}
