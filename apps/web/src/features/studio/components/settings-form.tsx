import { zodResolver } from '@hookform/resolvers/zod';
import type { StudioCamera, StudioCameraSettingsBody } from '@velora/shared';
import { CHAT_MODES } from '@velora/shared';
import { useId, useMemo, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { tagName, useContentLanguage } from '@/lib/content-language';
import { useUpdateStudioCamera } from '../api/update-studio-camera';
import { studioRefusalOf } from '../refusals';

type Limits = StudioCamera['limits'];

interface SettingsInput {
  title: string;
  tag_ids: string[];
  chat_mode: (typeof CHAT_MODES)[number];
  price: string;
}

/**
 * The form's own checks, with the camera's limits; messages are locale keys. All in one refinement, so every field's
 * problem shows at once (zod skips an object's refinement when a field's own check failed). Its output is the PUT body.
 */
function settingsSchema(limits: Limits) {
  return z
    .object({
      title: z.string().trim(),
      tag_ids: z.array(z.string()),
      chat_mode: z.enum(CHAT_MODES),
      price: z.string(),
    })
    .superRefine((values, ctx) => {
      const issue = (field: keyof SettingsInput, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
      if (values.title.length === 0) issue('title', 'studio.settings.errors.titleRequired');
      else if (values.title.length > limits.title_max) issue('title', 'studio.settings.errors.titleTooLong');
      if (values.tag_ids.length > limits.tags_max) issue('tag_ids', 'studio.settings.errors.tooManyTags');
      if (values.chat_mode !== 'paid') return;
      const text = values.price.trim();
      const price = Number(text);
      if (!/^\d+$/.test(text) || price < limits.price_min || price > limits.price_max) issue('price', 'studio.settings.errors.priceRange');
    })
    .transform(
      (values): StudioCameraSettingsBody => ({
        title: values.title,
        tag_ids: values.tag_ids.map(Number),
        chat_mode: values.chat_mode,
        price_per_minute: values.chat_mode === 'paid' ? Number(values.price.trim()) : null,
      }),
    );
}

/** Title, tags, free or paid chat and the price per minute (PUT /studio/camera). */
export function SettingsForm({ camera }: { camera: StudioCamera }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const titleId = useId();
  const update = useUpdateStudioCamera();
  const { limits } = camera;
  const schema = useMemo(() => settingsSchema(limits), [limits]);
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsInput, unknown, StudioCameraSettingsBody>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      title: camera.camera.title,
      tag_ids: camera.camera.tags.map((tag) => String(tag.id)),
      chat_mode: camera.camera.chat_mode,
      price: camera.camera.price_per_minute === null ? '' : String(camera.camera.price_per_minute),
    },
  });
  const { register, formState, watch, setValue } = form;
  const chosenTags = watch('tag_ids');
  const chatMode = watch('chat_mode');
  const values = { max: limits.title_max, tagsMax: limits.tags_max, min: limits.price_min, priceMax: limits.price_max };

  /** The server's words become ours: each field has one thing that can be wrong with it. */
  const fieldOf = (key: string) => {
    const name = key.split('.')[0];
    if (name === 'title') return { field: 'title', text: t('studio.settings.errors.titleRefused', values) };
    if (name === 'tag_ids') return { field: 'tag_ids', text: t('studio.settings.errors.tagsRefused', values) };
    if (name === 'price_per_minute') return { field: 'price', text: t('studio.settings.errors.priceRange', values) };
    if (name === 'chat_mode') return { field: 'chat_mode', text: t('studio.settings.errors.chatModeRefused') };
    return null;
  };

  const onSubmit = form.handleSubmit(async (body) => {
    setSaved(null);
    setFormError(null);
    try {
      await update.mutateAsync(body);
      setSaved(t('studio.settings.saved'));
    } catch (error) {
      const refusal = studioRefusalOf(error, t, fieldOf);
      for (const [field, text] of Object.entries(refusal.fields)) {
        form.setError(field as keyof SettingsInput, { type: 'server', message: text }, { shouldFocus: true });
      }
      setFormError(refusal.form);
    }
  });

  const errorOf = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message as 'studio.settings.errors.titleRequired', values);
  };
  const tagsError = errorOf(formState.errors.tag_ids as FieldError | undefined);
  const chatModeError = errorOf(formState.errors.chat_mode);

  const toggleTag = (id: string, checked: boolean) => {
    const next = checked ? [...chosenTags, id] : chosenTags.filter((chosen) => chosen !== id);
    setValue('tag_ids', next, { shouldValidate: true, shouldDirty: true });
  };

  return (
    <section className="studio-card" aria-labelledby={titleId} data-testid="studio-settings">
      <h2 id={titleId} className="studio-card__title">
        {t('studio.settings.title')}
      </h2>
      <p className="studio-card__intro">{t('studio.settings.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <TextField
          label={t('studio.settings.titleLabel')}
          hint={t('studio.settings.titleHint', values)}
          maxLength={limits.title_max}
          error={errorOf(formState.errors.title)}
          {...register('title')}
        />
        <fieldset className="studio-fieldset" aria-describedby={tagsError ? `${titleId}-tags-error` : `${titleId}-tags-hint`}>
          <legend className="studio-fieldset__legend">{t('studio.settings.tags')}</legend>
          <p id={`${titleId}-tags-hint`} className="field__hint">
            {t('studio.settings.tagsHint', values)}
          </p>
          <div className="studio-tags">
            {camera.tags.map((tag) => {
              const id = String(tag.id);
              const checked = chosenTags.includes(id);
              return (
                <label key={tag.id} className={checked ? 'studio-tag studio-tag--checked' : 'studio-tag'}>
                  <input type="checkbox" checked={checked} onChange={(event) => toggleTag(id, event.target.checked)} name="tag_ids" value={id} />
                  {tagName(tag, language)}
                </label>
              );
            })}
          </div>
          {tagsError ? (
            <p id={`${titleId}-tags-error`} className="field__error">
              {tagsError}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="studio-fieldset" aria-describedby={chatModeError ? `${titleId}-mode-error` : undefined}>
          <legend className="studio-fieldset__legend">{t('studio.settings.chatMode')}</legend>
          <div className="studio-choices">
            {CHAT_MODES.map((mode) => (
              <label key={mode} className="studio-choice">
                <input type="radio" value={mode} {...register('chat_mode')} />
                {t(`studio.settings.${mode}`)}
              </label>
            ))}
          </div>
          {chatModeError ? (
            <p id={`${titleId}-mode-error`} className="field__error">
              {chatModeError}
            </p>
          ) : null}
        </fieldset>
        {chatMode === 'paid' ? (
          <TextField
            label={t('studio.settings.price')}
            hint={t('studio.settings.priceHint', values)}
            inputMode="numeric"
            error={errorOf(formState.errors.price)}
            {...register('price')}
          />
        ) : null}
        <div className="studio-status" role="status">
          {saved ? <p className="form-alert form-alert--success">{saved}</p> : null}
        </div>
        <div className="form__row form__row--end">
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting || undefined}>
            {formState.isSubmitting ? t('studio.settings.saving') : t('studio.settings.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
