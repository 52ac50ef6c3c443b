import type { BoModelCameraBody, BoModelDetail } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useSetModelAccount, useSetModelCamera, useUploadModelPicture } from '../api/change-model';
import { changeErrorOf, fieldErrorsOf } from './catalog-helpers';
import { Thumb } from './thumb';

// The parts of a model's page beside her profile: picture, studio account, camera (decision record 075).

/** `version` changes the preview's address after an upload: the browser keeps a preview for a few minutes. */
export function PicturePanel({ model, editor, version }: { model: BoModelDetail; editor: boolean; version: number }) {
  const { t } = useTranslation();
  const upload = useUploadModelPicture();
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setNotice(null);
    try {
      await upload.mutateAsync({ id: model.id, file });
      setFile(null);
      (event.target as HTMLFormElement).reset();
      setNotice({ tone: 'success', text: t('boCatalog.model.uploaded') });
    } catch (error) {
      setNotice({ tone: 'error', text: changeErrorOf(error, t) });
    }
  };
  return (
    <section className="bo-catalog__panel" aria-labelledby="bo-model-picture">
      <h2 id="bo-model-picture" className="backoffice__card-title">
        {t('boCatalog.model.picture')}
      </h2>
      <Thumb key={version} src={`${model.picture}&v=${version}`} alt={t('boCatalog.model.pictureAlt', { name: model.name_en })} className="bo-catalog__picture" size={200} />
      {editor ? (
        <form className="form" onSubmit={submit} data-testid="bo-model-picture">
          {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          <label className="field__label">
            {t('boCatalog.model.chooseFile')}
            <input className="field__input" type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <p className="field__hint">{t('boCatalog.model.pictureHint')}</p>
          <div>
            <button type="submit" className="button" disabled={!file || upload.isPending} aria-busy={upload.isPending || undefined}>
              {upload.isPending ? t('boCatalog.model.uploading') : t('boCatalog.model.upload')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

export function AccountPanel({ model, editor }: { model: BoModelDetail; editor: boolean }) {
  const { t } = useTranslation();
  const link = useSetModelAccount();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const send = async (value: string | null) => {
    setError(undefined);
    setAlert(null);
    if (value !== null && value.trim() === '') return setError(t('common.required'));
    try {
      await link.mutateAsync({ id: model.id, body: { login: value === null ? null : value.trim() } });
      setLogin('');
    } catch (e) {
      if (isApiError(e, 404)) setError(t('boCatalog.model.accountNotFound'));
      else if (isApiError(e, 409)) setError(t('boCatalog.model.accountTaken'));
      else if (fieldErrorsOf(e).login) setError(fieldErrorsOf(e).login);
      else setAlert(t('boCatalog.saveFailed'));
    }
  };
  return (
    <section className="bo-catalog__panel" aria-labelledby="bo-model-account">
      <h2 id="bo-model-account" className="backoffice__card-title">
        {t('boCatalog.model.account')}
      </h2>
      <p className="backoffice__muted">{t('boCatalog.model.accountText')}</p>
      <p data-testid="bo-model-account">{model.account ? t('boCatalog.model.accountLinked', { name: model.account.username }) : t('boCatalog.model.accountNone')}</p>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {editor ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send(login);
          }}
        >
          <TextField label={t('boCatalog.model.login')} value={login} error={error} autoComplete="off" autoCapitalize="none" spellCheck={false} onChange={(e) => setLogin(e.target.value)} />
          <div className="backoffice__row-actions">
            <button type="submit" className="button" disabled={link.isPending}>
              {t('boCatalog.model.link')}
            </button>
            {model.account ? (
              <button type="button" className="button" disabled={link.isPending} onClick={() => void send(null)}>
                {t('boCatalog.model.unlink')}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}

export function CameraPanel({ model, editor }: { model: BoModelDetail; editor: boolean }) {
  const { t } = useTranslation();
  const save = useSetModelCamera();
  const [value, setValue] = useState<BoModelCameraBody>({
    title: model.camera?.title ?? `${model.name_en} live`.slice(0, 80),
    chat_mode: model.camera?.chat_mode ?? 'free',
    price_per_minute: model.camera?.price_per_minute ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (value.chat_mode === 'paid' && value.price_per_minute === null) return setErrors({ price_per_minute: t('boCatalog.model.priceRequired') });
    setErrors({});
    try {
      await save.mutateAsync({ id: model.id, body: { ...value, price_per_minute: value.chat_mode === 'paid' ? value.price_per_minute : null } });
      setNotice({ tone: 'success', text: t('boCatalog.saved') });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setNotice({ tone: 'error', text: t('boCatalog.saveFailed') });
    }
  };
  return (
    <section className="bo-catalog__panel" aria-labelledby="bo-model-camera">
      <h2 id="bo-model-camera" className="backoffice__card-title">
        {t('boCatalog.model.camera')}
      </h2>
      <p className="backoffice__muted">{model.camera ? t('boCatalog.model.cameraName', { name: model.camera.name }) : t('boCatalog.model.cameraNone')}</p>
      <form className="form" noValidate onSubmit={submit} data-testid="bo-model-camera">
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
        <fieldset disabled={!editor} className="bo-catalog__fieldset">
          <TextField label={t('boCatalog.model.cameraTitle')} value={value.title} maxLength={80} error={errors.title} onChange={(e) => setValue({ ...value, title: e.target.value })} />
          <SelectField
            label={t('boCatalog.model.chatMode')}
            value={value.chat_mode}
            options={[
              { value: 'free', label: t('boCatalog.model.chatFree') },
              { value: 'paid', label: t('boCatalog.model.chatPaid') },
            ]}
            onChange={(e) => setValue({ ...value, chat_mode: e.target.value === 'paid' ? 'paid' : 'free' })}
          />
          {value.chat_mode === 'paid' ? (
            <TextField
              label={t('boCatalog.model.price')}
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              value={value.price_per_minute ?? ''}
              error={errors.price_per_minute}
              onChange={(e) => setValue({ ...value, price_per_minute: e.target.value === '' ? null : Number(e.target.value) })}
            />
          ) : null}
          {editor ? (
            <div>
              <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {save.isPending ? t('boCatalog.saving') : t('boCatalog.save')}
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
