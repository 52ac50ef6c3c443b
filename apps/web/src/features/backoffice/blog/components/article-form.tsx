import { BO_BLOG_BODY_MAX, LANGUAGE_TAGS, LANGUAGES, type BoBlogArticleFields, type Language } from '@velora/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useContentLanguage } from '@/lib/content-language';
import { useBlogCategories } from '../api/get-blog-categories';
import { MarkdownPreview } from './markdown-preview';

/** The editor's values: what the server takes, the cover as typed (empty: none). */
export interface ArticleDraft {
  title: string;
  alias: string;
  language: Language;
  category_id: number | null;
  excerpt: string;
  body_markdown: string;
  cover_image: string;
}

export type ArticleFieldErrors = Partial<Record<keyof ArticleDraft, string>>;

export const EMPTY_DRAFT: ArticleDraft = { title: '', alias: '', language: 'en', category_id: null, excerpt: '', body_markdown: '', cover_image: '' };

/** The request body of a draft; the category is required by the server, which names it when it is missing. */
export const fieldsOf = (draft: ArticleDraft): BoBlogArticleFields => ({
  title: draft.title,
  alias: draft.alias,
  language: draft.language,
  category_id: draft.category_id ?? 0,
  excerpt: draft.excerpt,
  body_markdown: draft.body_markdown,
  cover_image: draft.cover_image.trim() === '' ? null : draft.cover_image.trim(),
});

/** An alias from a title: lower-case ASCII words joined by hyphens ("Ein Tag am Set!" → "ein-tag-am-set"). */
export function aliasFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

function TextArea({ label, hint, error, value, onChange, rows, maxLength, lang, testId, code = false }: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength: number;
  lang?: string;
  testId?: string;
  /** Markdown: a fixed-width font, so its marks line up. */
  code?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`field__input field__input--multiline bo-blog__textarea${code ? ' bo-blog__textarea--code' : ''}`}
        rows={rows}
        maxLength={maxLength}
        value={value}
        lang={lang}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The article's fields and its text with a live preview beside it (below it on a phone). `aliasFollowsTitle` fills
 * the alias from the title until the writer types one of their own (a new article).
 */
export function ArticleForm({ value, onChange, errors, aliasFollowsTitle, coverUrl }: {
  value: ArticleDraft;
  onChange: (draft: ArticleDraft) => void;
  errors: ArticleFieldErrors;
  aliasFollowsTitle: boolean;
  coverUrl: string | null;
}) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const categories = useBlogCategories();
  const set = <K extends keyof ArticleDraft>(key: K, next: ArticleDraft[K]) => onChange({ ...value, [key]: next });
  const lang = LANGUAGE_TAGS[value.language];
  const categoryOptions = (categories.data?.categories ?? []).map((category) => ({ value: String(category.id), label: category.names[language] }));

  return (
    <div className="bo-blog__editor">
      <fieldset className="bo-blog__fields">
        <legend className="visually-hidden">{t('boBlog.editor.fields')}</legend>
        <TextField
          label={t('boBlog.editor.title')}
          value={value.title}
          lang={lang}
          maxLength={200}
          required
          error={errors.title}
          data-testid="bo-blog-title-input"
          onChange={(event) => {
            const title = event.target.value;
            onChange({ ...value, title, ...(aliasFollowsTitle ? { alias: aliasFromTitle(title) } : {}) });
          }}
        />
        <TextField
          label={t('boBlog.editor.alias')}
          hint={t('boBlog.editor.aliasHint')}
          value={value.alias}
          maxLength={120}
          required
          autoCapitalize="none"
          spellCheck={false}
          error={errors.alias}
          onChange={(event) => set('alias', event.target.value)}
        />
        <div className="bo-blog__pair">
          <SelectField
            label={t('boBlog.editor.language')}
            options={LANGUAGES.map((code) => ({ value: code, label: t(`boBlog.languages.${code}`) }))}
            value={value.language}
            error={errors.language}
            onChange={(event) => set('language', event.target.value as Language)}
          />
          <SelectField
            label={t('boBlog.editor.category')}
            options={categoryOptions}
            placeholder={t('boBlog.editor.chooseCategory')}
            value={value.category_id === null ? '' : String(value.category_id)}
            error={errors.category_id}
            required
            onChange={(event) => set('category_id', event.target.value === '' ? null : Number(event.target.value))}
          />
        </div>
        <TextArea label={t('boBlog.editor.excerpt')} hint={t('boBlog.editor.excerptHint')} value={value.excerpt} onChange={(next) => set('excerpt', next)} rows={2} maxLength={500} lang={lang} error={errors.excerpt} />
        <TextField
          label={t('boBlog.editor.cover')}
          hint={t('boBlog.editor.coverHint')}
          value={value.cover_image}
          maxLength={20}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.cover_image}
          onChange={(event) => set('cover_image', event.target.value)}
        />
        {coverUrl ? <img className="bo-blog__cover" src={coverUrl} alt={t('boBlog.editor.coverAlt')} width={450} height={250} /> : null}
      </fieldset>
      <div className="bo-blog__write">
        <TextArea
          label={t('boBlog.editor.body')}
          hint={t('boBlog.editor.bodyHint')}
          value={value.body_markdown}
          onChange={(next) => set('body_markdown', next)}
          rows={18}
          maxLength={BO_BLOG_BODY_MAX}
          lang={lang}
          error={errors.body_markdown}
          testId="bo-blog-body-input"
          code
        />
        <MarkdownPreview title={value.title} excerpt={value.excerpt} markdown={value.body_markdown} lang={lang} />
      </div>
    </div>
  );
}
