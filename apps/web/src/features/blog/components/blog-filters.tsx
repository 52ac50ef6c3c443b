import type { BlogCategory } from '@velora/shared';
import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BlogFiltersProps {
  title: string | null;
  category: string | null;
  categories: readonly BlogCategory[];
  onChange: (next: { title: string | null; category: string | null }) => void;
}

/** The title search (sent with its button or Enter) and the category filter (applies at once). */
export function BlogFilters({ title, category, categories, onChange }: BlogFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(title ?? '');

  // Back/forward changes the URL: the box follows it.
  useEffect(() => {
    setDraft(title ?? '');
  }, [title]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ title: draft.trim() || null, category });
  };

  return (
    <form role="search" className="blog-filters" aria-label={t('blog.filters')} onSubmit={submit}>
      <div className="field blog-filters__search">
        <label className="field__label" htmlFor={`${id}-title`}>
          {t('blog.search')}
        </label>
        <div className="blog-filters__row">
          <input
            id={`${id}-title`}
            className="field__input"
            type="search"
            name="title"
            maxLength={100}
            placeholder={t('blog.searchPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('blog.searchSubmit')}
          </button>
        </div>
      </div>
      <div className="field blog-filters__category">
        <label className="field__label" htmlFor={`${id}-category`}>
          {t('blog.category')}
        </label>
        <span className="select-wrap">
          <select
            id={`${id}-category`}
            className="select"
            name="category"
            value={category ?? ''}
            onChange={(event) => onChange({ title: draft.trim() || null, category: event.target.value || null })}
          >
            <option value="">{t('blog.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
            {/* A category from the URL that this language does not list still shows what is filtered. */}
            {category && !categories.some((c) => c.slug === category) ? <option value={category}>{category}</option> : null}
          </select>
        </span>
      </div>
    </form>
  );
}
