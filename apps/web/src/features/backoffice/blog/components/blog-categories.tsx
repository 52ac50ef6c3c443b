import type { BoBlogCategory, BoBlogCategoryNames } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useContentLanguage } from '@/lib/content-language';
import { useCreateBlogCategory, useRenameBlogCategory } from '../api/change-blog-category';
import { useBlogCategories } from '../api/get-blog-categories';

type Names = BoBlogCategoryNames;
const NO_NAMES: Names = { name_en: '', name_de: '', name_fr: '' };
type FieldErrors = Partial<Record<keyof Names | 'slug', string>>;

/** The three name fields of a category, each with the server's message for it. */
function NameFields({ value, onChange, errors }: { value: Names; onChange: (names: Names) => void; errors: FieldErrors }) {
  const { t } = useTranslation();
  const field = (key: keyof Names, label: string, lang: string) => (
    <TextField label={label} lang={lang} value={value[key]} onChange={(event) => onChange({ ...value, [key]: event.target.value })} error={errors[key]} maxLength={80} required />
  );
  return (
    <>
      {field('name_en', t('boBlog.categories.nameEn'), 'en')}
      {field('name_de', t('boBlog.categories.nameDe'), 'de')}
      {field('name_fr', t('boBlog.categories.nameFr'), 'fr')}
    </>
  );
}

/** The fields a 400 named, or a message for the whole form. */
function useErrorsOf() {
  const { t } = useTranslation();
  return (error: unknown): { fields: FieldErrors; alert: string | null } => {
    if (isApiError(error, 409)) return { fields: { slug: t('boBlog.categories.slugTaken') }, alert: null };
    if (isApiError(error, 400) && error.fields) return { fields: error.fields as FieldErrors, alert: null };
    return { fields: {}, alert: t('boBlog.categories.failed') };
  };
}

function RenameDialog({ category, onClose, onDone }: { category: BoBlogCategory; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameBlogCategory();
  const errorsOf = useErrorsOf();
  const [names, setNames] = useState<Names>({ name_en: category.names.en, name_de: category.names.de, name_fr: category.names.fr });
  const [errors, setErrors] = useState<{ fields: FieldErrors; alert: string | null }>({ fields: {}, alert: null });
  const language = useContentLanguage();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await rename.mutateAsync({ id: category.id, body: names });
      onDone();
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('boBlog.categories.renameTitle', { name: category.names[language] })} testId="bo-blog-category-rename">
      <form className="form" noValidate onSubmit={submit}>
        {errors.alert ? <FormAlert tone="error">{errors.alert}</FormAlert> : null}
        <NameFields value={names} onChange={setNames} errors={errors.fields} />
        <div className="backoffice__row-actions">
          <button type="submit" className="button button--primary" disabled={rename.isPending} aria-busy={rename.isPending || undefined}>
            {rename.isPending ? t('boBlog.categories.saving') : t('boBlog.categories.save')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('boBlog.categories.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AddCategoryForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateBlogCategory();
  const errorsOf = useErrorsOf();
  const language = useContentLanguage();
  const [slug, setSlug] = useState('');
  const [names, setNames] = useState<Names>(NO_NAMES);
  const [errors, setErrors] = useState<{ fields: FieldErrors; alert: string | null }>({ fields: {}, alert: null });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, alert: null });
    try {
      const category = await create.mutateAsync({ slug: slug.trim(), ...names });
      setSlug('');
      setNames(NO_NAMES);
      onDone(t('boBlog.categories.created', { name: category.names[language] }));
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };
  return (
    <form className="backoffice__form" noValidate onSubmit={submit} aria-labelledby="bo-blog-category-add" data-testid="bo-blog-category-add">
      <h3 id="bo-blog-category-add" className="backoffice__card-title">
        {t('boBlog.categories.add')}
      </h3>
      {errors.alert ? <FormAlert tone="error">{errors.alert}</FormAlert> : null}
      <TextField
        label={t('boBlog.categories.slug')}
        value={slug}
        onChange={(event) => setSlug(event.target.value)}
        error={errors.fields.slug}
        maxLength={64}
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <NameFields value={names} onChange={setNames} errors={errors.fields} />
      <div>
        <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('boBlog.categories.creating') : t('boBlog.categories.create')}
        </button>
      </div>
    </form>
  );
}

/** The categories of the blog with their names in the three languages: add one, rename one. */
export function BlogCategories() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const categories = useBlogCategories();
  const [renaming, setRenaming] = useState<BoBlogCategory | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  let list;
  if (categories.isPending) {
    list = (
      <p role="status" className="backoffice__muted">
        {t('boBlog.categories.loading')}
      </p>
    );
  } else if (categories.isError) {
    list = <ErrorState title={t('boBlog.categories.loadFailed')} onRetry={() => void categories.refetch()} />;
  } else if (categories.data.categories.length === 0) {
    list = <StatusMessage title={t('boBlog.categories.empty')} />;
  } else {
    list = (
      <ul className="bo-blog__categories" data-testid="bo-blog-categories">
        {categories.data.categories.map((category) => (
          <li key={category.id} className="backoffice__card" data-testid="bo-blog-category" data-slug={category.slug}>
            <p className="bo-blog__category-name">
              <strong>{category.names[language]}</strong> <code className="backoffice__muted">{category.slug}</code>
            </p>
            <p className="backoffice__muted">
              <span lang="en">{category.names.en}</span> · <span lang="de">{category.names.de}</span> · <span lang="fr">{category.names.fr}</span>
            </p>
            <p className="backoffice__muted">{t('boBlog.categories.articles', { count: category.articles })}</p>
            <button type="button" className="button" onClick={() => setRenaming(category)} aria-label={t('boBlog.categories.renameTitle', { name: category.names[language] })}>
              {t('boBlog.categories.rename')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="bo-blog__section" aria-labelledby="bo-blog-categories-title">
      <h2 id="bo-blog-categories-title">{t('boBlog.categories.title')}</h2>
      <p className="backoffice__muted">{t('boBlog.categories.text')}</p>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {list}
      <AddCategoryForm onDone={setNotice} />
      {renaming ? (
        <RenameDialog
          category={renaming}
          onClose={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            setNotice(t('boBlog.categories.saved'));
          }}
        />
      ) : null}
    </section>
  );
}
