import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBody } from '@velora/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useSendContactMessage } from '../api/send-contact-message';
import { captchaMessage, fieldMessage, sendFailedMessage, serverFieldErrors } from '../form-errors';
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
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const captchaRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(ContactFields),
    defaultValues: { subject: '', message: '', email: '' },
  });

  const onCaptcha = (solution: string | null) => {
    setCaptcha(solution);
    if (solution) setCaptchaError(undefined);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      if (!captcha) {
        setCaptchaError(t('pages.captcha.required'));
        captchaRef.current?.focus();
        return;
      }
      try {
        await mutation.mutateAsync({ ...values, captcha });
        setSent(true);
        reset();
        setCaptchaReset((n) => n + 1);
      } catch (error) {
        const fields = serverFieldErrors(error);
        for (const name of FIELDS) {
          const message = fields?.[name];
          if (message) setError(name, { type: 'server', message });
        }
        if (fields?.captcha) {
          setCaptchaError(captchaMessage(t, fields.captcha));
          // A used or expired solution is no good for a second try.
          setCaptchaReset((n) => n + 1);
        }
        setFormError(sendFailedMessage(t, error));
      }
    },
    () => {
      if (!captcha) setCaptchaError(t('pages.captcha.required'));
    },
  );

  if (sent) {
    return (
      <div className="content-card form-card" data-testid="contact-success">
        <FormAlert tone="success">{t('pages.contact.success')}</FormAlert>
        <button type="button" className="button button--secondary" onClick={() => setSent(false)}>
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
      <CaptchaField onChange={onCaptcha} error={captchaError} resetKey={captchaReset} groupRef={captchaRef} />
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
