import type { Tag, TagNamesBody } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { tagName, useContentLanguage } from '@/lib/content-language';
import { isApiError } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { paths } from '@/paths';
import { BackofficeFrame } from '../../components/backoffice-frame';
import { useCreateTag, useDeleteTag, useRenameTag } from '../api/change-tag';
import { useBackofficeTags } from '../api/get-tags';
import { RetaggerOnly } from '../components/retagger-only';
import { isTrailer, missingNames, NO_NAMES, TagNamesFields, type TagNameErrors, useFieldErrorsOf } from '../components/tag-names-fields';
import '../tags.css';

const trimmed = (names: TagNamesBody): TagNamesBody => ({ name_en: names.name_en.trim(), name_de: names.name_de.trim(), name_fr: names.name_fr.trim() });

function AddTagForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateTag();
  const fieldErrorsOf = useFieldErrorsOf();
  const [names, setNames] = useState<TagNamesBody>(NO_NAMES);
  const [errors, setErrors] = useState<TagNameErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const missing = missingNames(names, t('common.required'));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const tag = await create.mutateAsync(trimmed(names));
      setNames(NO_NAMES);
      onDone(t('boTags.tags.added', { name: tag.name_en }));
    } catch (error) {
      const fields = fieldErrorsOf(error, names);
      if (fields) setErrors(fields);
      else setAlert(t('boTags.tags.failed'));
    }
  };

  return (
    <form className="backoffice__form bo-tags__add" noValidate onSubmit={submit} aria-labelledby="bo-tags-add-title" data-testid="tag-add">
      <h2 id="bo-tags-add-title" className="backoffice__card-title">
        {t('boTags.tags.addTitle')}
      </h2>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <TagNamesFields value={names} onChange={setNames} errors={errors} />
      <div>
        <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? t('boTags.tags.adding') : t('boTags.tags.add')}
        </button>
      </div>
    </form>
  );
}

function RenameDialog({ tag, onClose, onDone }: { tag: Tag; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const rename = useRenameTag();
  const fieldErrorsOf = useFieldErrorsOf();
  const [names, setNames] = useState<TagNamesBody>({ name_en: tag.name_en, name_de: tag.name_de, name_fr: tag.name_fr });
  const [errors, setErrors] = useState<TagNameErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const missing = missingNames(names, t('common.required'));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const saved = await rename.mutateAsync({ id: tag.id, body: trimmed(names) });
      onDone(t('boTags.tags.saved', { name: saved.name_en }));
    } catch (error) {
      const fields = fieldErrorsOf(error, names);
      if (fields) setErrors(fields);
      else setAlert(isApiError(error, 404) ? t('boTags.tags.notFound') : t('boTags.tags.failed'));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('boTags.tags.renameTitle', { name: tag.name_en })} testId="tag-rename">
      <form className="form" noValidate onSubmit={submit}>
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
        <TagNamesFields value={names} onChange={setNames} errors={errors} lockEnglish={isTrailer(tag)} />
        <div className="backoffice__row-actions">
          <button type="submit" className="button button--primary" disabled={rename.isPending} aria-busy={rename.isPending || undefined}>
            {rename.isPending ? t('boTags.tags.saving') : t('boTags.tags.save')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('boTags.tags.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** /backoffice/tags: the tags members filter by, in three languages (videos.retag; deleting: admin.settings). */
export default function TagsRoute() {
  const { t } = useTranslation();
  return (
    <BackofficeFrame title={t('boTags.tags.title')} intro={t('boTags.tags.intro')} titleId="bo-tags-title">
      <RetaggerOnly>
        <TagsScreen />
      </RetaggerOnly>
    </BackofficeFrame>
  );
}

function TagsScreen() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { can } = useCapabilities();
  const mayDelete = can('admin.settings');
  const [search, setSearch] = useState('');
  const tags = useBackofficeTags(useDebouncedValue(search, 250));
  const remove = useDeleteTag();
  const [notice, setNotice] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  let body;
  if (tags.isPending) {
    body = (
      <p role="status" className="backoffice__muted">
        {t('boTags.tags.loading')}
      </p>
    );
  } else if (tags.isError) {
    body = <ErrorState title={t('boTags.tags.loadFailed')} onRetry={() => void tags.refetch()} />;
  } else if (tags.data.tags.length === 0) {
    body = (
      <div data-testid="tags-empty">
        <StatusMessage title={search.trim() ? t('boTags.tags.empty') : t('boTags.tags.none')} />
      </div>
    );
  } else {
    body = (
      <>
        <p className="backoffice__summary" role="status">
          {t('boTags.tags.count', { count: tags.data.tags.length })}
        </p>
        <div className="backoffice__scroll" aria-busy={tags.isPlaceholderData || undefined}>
          <table className="backoffice__table bo-tags__table" data-testid="tags-table">
            <caption className="visually-hidden">{t('boTags.tags.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('boTags.tags.columns.en')}</th>
                <th scope="col">{t('boTags.tags.columns.de')}</th>
                <th scope="col">{t('boTags.tags.columns.fr')}</th>
                <th scope="col">{t('boTags.tags.columns.videos')}</th>
                <th scope="col">{t('boTags.tags.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {tags.data.tags.map((tag) => (
                <tr key={tag.id} data-testid="tag-row" data-tag={tag.name_en}>
                  <th scope="row" lang="en" data-label={t('boTags.tags.columns.en')}>
                    {tag.name_en}
                  </th>
                  <td lang="de" data-label={t('boTags.tags.columns.de')}>
                    {tag.name_de}
                  </td>
                  <td lang="fr" data-label={t('boTags.tags.columns.fr')}>
                    {tag.name_fr}
                  </td>
                  <td data-label={t('boTags.tags.columns.videos')}>
                    {/* The name says which tag; the visible count stays the start of it (WCAG 2.5.3). */}
                    <Link to={paths.backofficeRetag({ tag: tag.id })}>
                      {t('boTags.tags.videos', { count: tag.video_count })}{' '}
                      <span className="visually-hidden">{t('boTags.tags.showVideos', { name: tagName(tag, language) })}</span>
                    </Link>
                  </td>
                  <td data-label={t('boTags.tags.columns.actions')}>
                    <div className="backoffice__row-actions">
                      <button type="button" className="button" onClick={() => setRenaming(tag)} aria-label={t('boTags.tags.renameTitle', { name: tagName(tag, language) })}>
                        {t('boTags.tags.rename')}
                      </button>
                      {mayDelete && !isTrailer(tag) ? (
                        <button type="button" className="button" onClick={() => setDeleting(tag)} aria-label={t('boTags.tags.deleteTitle', { name: tagName(tag, language) })}>
                          {t('boTags.tags.delete')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }

  return (
    <>
      {notice ? (
        <div role="status">
          <FormAlert tone="success">{notice}</FormAlert>
        </div>
      ) : null}
      <AddTagForm onDone={setNotice} />
      <div role="search" className="bo-tags__search">
        <TextField label={t('boTags.tags.search')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </div>
      {body}
      {renaming ? (
        <RenameDialog
          tag={renaming}
          onClose={() => setRenaming(null)}
          onDone={(message) => {
            setRenaming(null);
            setNotice(message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('boTags.tags.deleteTitle', { name: deleting ? tagName(deleting, language) : '' })}
        description={t('boTags.tags.deleteText', { count: deleting?.video_count ?? 0 })}
        confirmLabel={t('boTags.tags.delete')}
        pendingLabel={t('boTags.tags.deleting')}
        cancelLabel={t('boTags.tags.cancel')}
        pending={remove.isPending}
        error={deleteError}
        testId="tag-delete"
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        onConfirm={() => {
          if (!deleting) return;
          const name = tagName(deleting, language);
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setNotice(t('boTags.tags.deleted', { name }));
            },
            onError: (error) => setDeleteError(isApiError(error, 409) ? t('boTags.tags.protected') : t('boTags.tags.failed')),
          });
        }}
      />
    </>
  );
}
