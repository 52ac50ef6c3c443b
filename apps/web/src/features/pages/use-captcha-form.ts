import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { captchaMessage, sendFailedMessage, serverFieldErrors } from './form-errors';

/**
 * The submit flow the contact and report forms share: a solved captcha is required before sending, the
 * server's field errors land on their fields, and a used or refused captcha is reset for the next try.
 */
export function useCaptchaForm<Input extends FieldValues, Values extends FieldValues>(
  form: UseFormReturn<Input, unknown, Values>,
  fields: readonly Path<Input>[],
  send: (body: Values & { captcha: string }) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [captchaReset, setCaptchaReset] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const captchaRef = useRef<HTMLDivElement>(null);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      if (!captcha) {
        setCaptchaError(t('pages.captcha.required'));
        captchaRef.current?.focus();
        return;
      }
      try {
        await send({ ...values, captcha });
        setSent(true);
        form.reset();
        setCaptchaReset((n) => n + 1);
      } catch (error) {
        const serverFields = serverFieldErrors(error);
        for (const name of fields) {
          const message = serverFields?.[name];
          if (message) form.setError(name, { type: 'server', message });
        }
        if (serverFields?.captcha) {
          setCaptchaError(captchaMessage(t, serverFields.captcha));
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

  return {
    onSubmit,
    formError,
    sent,
    sendAnother: () => setSent(false),
    captchaProps: {
      onChange: (solution: string | null) => {
        setCaptcha(solution);
        if (solution) setCaptchaError(undefined);
      },
      error: captchaError,
      resetKey: captchaReset,
      groupRef: captchaRef,
    },
  };
}
