import type { VideoOrder } from '@velora/shared';
import { VIDEO_ORDERS } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface VideoSearchProps {
  query: string;
  onSearch: (query: string) => void;
}

/** A search form; the URL's `query` changes on submit only. Remount it (key) when the URL changes. */
export function VideoSearch({ query, onSearch }: VideoSearchProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [draft, setDraft] = useState(query);
  return (
    <form
      className="video-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label className="filter-label" htmlFor={inputId}>
        {t('videos.searchLabel')}
      </label>
      <div className="video-search__row">
        <input
          id={inputId}
          className="field__input video-search__input"
          type="search"
          name="query"
          value={draft}
          maxLength={100}
          placeholder={t('videos.searchPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('videos.searchSubmit')}
        </button>
      </div>
    </form>
  );
}

export function OrderSelect({ value, onChange }: { value: VideoOrder; onChange: (order: VideoOrder) => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  return (
    <div className="order-select">
      <label className="filter-label" htmlFor={selectId}>
        {t('videos.sortBy')}
      </label>
      <span className="select-wrap">
        <select id={selectId} className="select" value={value} onChange={(event) => onChange(event.target.value as VideoOrder)}>
          {VIDEO_ORDERS.map((order) => (
            <option key={order} value={order}>
              {t(`videos.orders.${order}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
