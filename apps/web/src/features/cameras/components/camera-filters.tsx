import type { CameraOrder, CameraTag, Language } from '@velora/shared';
import { CAMERA_ORDERS } from '@velora/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { tagName } from '@/lib/content-language';

interface CameraFiltersProps {
  tags: readonly CameraTag[] | undefined;
  tagsLoading: boolean;
  tagsFailed: boolean;
  onRetryTags: () => void;
  selected: readonly number[];
  onToggle: (id: number) => void;
  order: CameraOrder;
  onOrder: (order: CameraOrder) => void;
  language: Language;
}

/** The tag chips (several at once, aria-pressed) and the order select of /cameras. */
export function CameraFilters({ tags, tagsLoading, tagsFailed, onRetryTags, selected, onToggle, order, onOrder, language }: CameraFiltersProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const selectId = useId();
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return (
    <div className="camera-filters">
      <div className="tag-filter">
        <h2 id={labelId} className="filter-label">
          {t('cameras.filtersLabel')}
        </h2>
        {tagsLoading ? (
          <div className="tag-filter__list" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="chip chip--skeleton" width={`${4 + (i % 3) * 1.5}rem`} />
            ))}
          </div>
        ) : tagsFailed || !tags ? (
          <p className="tag-filter__error" role="alert">
            {t('cameras.tagsFailed')}{' '}
            <button type="button" className="text-button" onClick={onRetryTags}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <div className="tag-filter__list" role="group" aria-labelledby={labelId} data-testid="camera-tag-filter">
            {[...tags]
              .sort((a, b) => collator.compare(tagName(a, language), tagName(b, language)))
              .map((tag) => (
                <button key={tag.id} type="button" className="chip chip--toggle" aria-pressed={selected.includes(tag.id)} onClick={() => onToggle(tag.id)}>
                  {tagName(tag, language)}
                </button>
              ))}
          </div>
        )}
      </div>
      <div className="order-select">
        <label className="filter-label" htmlFor={selectId}>
          {t('catalog.sortBy')}
        </label>
        <span className="select-wrap">
          <select id={selectId} className="select" value={order} onChange={(event) => onOrder(event.target.value as CameraOrder)}>
            {CAMERA_ORDERS.map((value) => (
              <option key={value} value={value}>
                {t(`cameras.orders.${value}`)}
              </option>
            ))}
          </select>
        </span>
      </div>
    </div>
  );
}
