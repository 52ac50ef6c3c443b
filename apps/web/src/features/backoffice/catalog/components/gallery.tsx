import type { BoShootDetail } from '@velora/shared';
import { BO_UPLOAD_MAX_FILES } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useChooseCover, useOrderImages, useRemoveImage, useUploadImages } from '../api/change-shoot';
import { changeErrorOf } from './catalog-helpers';

// A shoot's gallery (decision record 075): many images uploaded at once (all or none), moved with buttons (a keyboard
// and a phone reach them; dragging would not), one chosen as the cover, one removed after a question.

function UploadForm({ shootId }: { shootId: number }) {
  const { t } = useTranslation();
  const upload = useUploadImages();
  const [files, setFiles] = useState<File[]>([]);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (files.length === 0) return;
    setNotice(null);
    if (files.length > BO_UPLOAD_MAX_FILES) return setNotice({ tone: 'error', text: t('boCatalog.shoot.tooMany') });
    const form = event.currentTarget;
    try {
      await upload.mutateAsync({ id: shootId, files });
      form.reset();
      setFiles([]);
      setNotice({ tone: 'success', text: t('boCatalog.shoot.uploaded') });
    } catch (error) {
      setNotice({ tone: 'error', text: changeErrorOf(error, t) });
    }
  };
  return (
    <form className="form bo-catalog__upload" onSubmit={submit} data-testid="bo-gallery-upload">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <label className="field__label">
        {t('boCatalog.shoot.files')}
        <input className="field__input" type="file" multiple accept="image/jpeg,image/png,image/webp" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      </label>
      <p className="field__hint">{t('boCatalog.shoot.filesHint')}</p>
      <div>
        <button type="submit" className="button button--primary" disabled={files.length === 0 || upload.isPending} aria-busy={upload.isPending || undefined}>
          {upload.isPending ? t('boCatalog.shoot.uploading') : t('boCatalog.shoot.upload')}
        </button>
      </div>
    </form>
  );
}

export function Gallery({ shoot, editor, version, onStale }: { shoot: BoShootDetail; editor: boolean; version: number; onStale: () => void }) {
  const { t } = useTranslation();
  const order = useOrderImages();
  const cover = useChooseCover();
  const remove = useRemoveImage();
  const [removing, setRemoving] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const images = shoot.images;
  const busy = order.isPending || cover.isPending || remove.isPending;

  const move = async (index: number, by: -1 | 1) => {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setAlert(null);
    try {
      await order.mutateAsync({ id: shoot.id, imageIds: ids });
    } catch (error) {
      if (isApiError(error, 409)) onStale();
      setAlert(isApiError(error, 409) ? t('boCatalog.shoot.orderChanged') : t('boCatalog.saveFailed'));
    }
  };
  const makeCover = async (imageId: number) => {
    setAlert(null);
    try {
      await cover.mutateAsync({ id: shoot.id, imageId });
    } catch {
      setAlert(t('boCatalog.saveFailed'));
    }
  };

  return (
    <section className="bo-catalog__panel bo-catalog__gallery" aria-labelledby="bo-gallery-title">
      <h2 id="bo-gallery-title" className="backoffice__card-title">
        {t('boCatalog.shoot.gallery')}
      </h2>
      <p className="backoffice__muted" role="status">
        {images.length === 0 ? t('boCatalog.shoot.galleryEmpty') : t('boCatalog.shoot.galleryCount', { count: images.length })}
      </p>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {images.length > 0 ? (
        <ol className="bo-catalog__images" data-testid="bo-gallery">
          {images.map((image, index) => {
            const isCover = shoot.cover_image_id === image.id;
            const label = t('boCatalog.shoot.imageAlt', { n: index + 1, count: images.length });
            return (
              <li key={image.id} className="bo-catalog__image" data-testid="bo-gallery-image" data-image-id={image.id}>
                <img src={`${image.thumbnail}&v=${version}`} alt={label} width={160} height={160} loading="lazy" />
                {isCover ? <span className="bo-catalog__badge bo-catalog__badge--published">{t('boCatalog.shoot.cover')}</span> : null}
                {editor ? (
                  <div className="bo-catalog__image-actions" role="group" aria-label={label}>
                    <button type="button" className="button" disabled={busy || index === 0} onClick={() => void move(index, -1)}>
                      {t('boCatalog.shoot.earlier')}
                    </button>
                    <button type="button" className="button" disabled={busy || index === images.length - 1} onClick={() => void move(index, 1)}>
                      {t('boCatalog.shoot.later')}
                    </button>
                    {!isCover ? (
                      <button type="button" className="button" disabled={busy} onClick={() => void makeCover(image.id)}>
                        {t('boCatalog.shoot.makeCover')}
                      </button>
                    ) : null}
                    <button type="button" className="button" disabled={busy} onClick={() => setRemoving(image.id)}>
                      {t('boCatalog.shoot.remove')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {editor ? <UploadForm shootId={shoot.id} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('boCatalog.shoot.removeTitle')}
        description={t('boCatalog.shoot.removeText')}
        confirmLabel={t('boCatalog.shoot.remove')}
        pendingLabel={t('boCatalog.saving')}
        cancelLabel={t('boCatalog.cancel')}
        pending={remove.isPending}
        error={remove.isError ? t('boCatalog.saveFailed') : null}
        onConfirm={() => {
          if (removing === null) return;
          remove.mutate({ id: shoot.id, imageId: removing }, { onSuccess: () => setRemoving(null) });
        }}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        testId="bo-gallery-remove"
      />
    </section>
  );
}
