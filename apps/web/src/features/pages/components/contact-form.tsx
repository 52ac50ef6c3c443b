import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBody } from '@velora/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useSendContactMessage } from '../api/send-contact-message';
import { fieldMessage } from '../form-errors';
import { useCaptchaForm } from '../use-captcha-form';
import { CaptchaField } from './captcha-field';
import { TextAreaField } from './form-fields';

const ContactFields = ContactBody.omit({ captcha: true });
type ContactInput = z.input<typeof ContactFields>;
type ContactValues = z.output<typeof ContactFields>;
const FIELDS = ['subject', 'message', 'email'] as const;

/** POST /pages/contact_us: subject, message, email and the solved captcha; errors per field. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const mutation = useSendContactMessage();
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(ContactFields),
    defaultValues: { subject: '', message: '', email: '' },
  });
  const {
    register,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, formError, sent, sendAnother, captchaProps } = useCaptchaForm(form, FIELDS, (body) => mutation.mutateAsync(body));

  if (sent) {
    return (
      <div className="content-card form-card" data-testid="contact-success">
        <FormAlert tone="success">{t('pages.contact.success')}</FormAlert>
        <button type="button" className="button button--secondary" onClick={sendAnother}>
          {t('pages.contact.another')}
        </button>
      </div>
    );
  }

  return (
    <form className="form content-card form-card" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" data-testid="contact-form">
      <h2 id="contact-form-title" className="form-card__title">
        {t('pages.contact.formTitle')}
      </h2>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <TextField
        label={t('pages.contact.subject')}
        autoComplete="off"
        maxLength={200}
        error={fieldMessage(t, language, { kind: 'text', min: 1, max: 200 }, errors.subject, getValues('subject'))}
        {...register('subject')}
      />
      <TextAreaField
        label={t('pages.contact.message')}
        rows={6}
        maxLength={5000}
        hint={t('pages.contact.messageHint')}
        error={fieldMessage(t, language, { kind: 'text', min: 10, max: 5000 }, errors.message, getValues('message'))}
        {...register('message')}
      />
      <TextField
        label={t('pages.contact.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldMessage(t, language, { kind: 'email' }, errors.email, getValues('email'))}
        {...register('email')}
      />
      <CaptchaField {...captchaProps} />
      <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? t('pages.contact.sending') : t('pages.contact.submit')}
      </button>
      {isSubmitting ? (
        <span className="visually-hidden" role="status">
          {t('pages.contact.sending')}
        </span>
      ) : null}
    </form>
  );
}
