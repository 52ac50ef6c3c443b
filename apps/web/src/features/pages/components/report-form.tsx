import { zodResolver } from '@hookform/resolvers/zod';
import type { ReportCategory } from '@velora/shared';
import { ContentReportBody, REPORT_CATEGORIES } from '@velora/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useSendContentReport } from '../api/send-content-report';
import { fieldMessage } from '../form-errors';
import { useCaptchaForm } from '../use-captcha-form';
import { CaptchaField } from './captcha-field';
import { CheckboxField, TextAreaField } from './form-fields';

const ReportFields = ContentReportBody.omit({ captcha: true });
type ReportInput = z.input<typeof ReportFields>;
type ReportValues = z.output<typeof ReportFields>;
const FIELDS = ['category', 'name', 'email', 'url', 'is_depicted', 'is_agreed', 'reason'] as const;

/** POST /pages/content_report: a content removal request with the solved captcha (product §3, §5). */
export function ReportForm() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const mutation = useSendContentReport();
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(ReportFields),
    defaultValues: { category: '' as ReportCategory, name: '', email: '', url: '', is_depicted: false, is_agreed: false, reason: '' },
  });
  const {
    register,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, formError, sent, sendAnother, captchaProps } = useCaptchaForm(form, FIELDS, (body) => mutation.mutateAsync(body));

  if (sent) {
    return (
      <div className="content-card form-card" data-testid="report-success">
        <FormAlert tone="success">{t('pages.report.success')}</FormAlert>
        <button type="button" className="button button--secondary" onClick={sendAnother}>
          {t('pages.report.another')}
        </button>
      </div>
    );
  }

  const categories = REPORT_CATEGORIES.map((value) => ({ value, label: t(`pages.report.categories.${value}`) }));
  return (
    <form className="form content-card form-card" noValidate onSubmit={onSubmit} aria-labelledby="report-form-title" data-testid="report-form">
      <h2 id="report-form-title" className="form-card__title">
        {t('pages.report.formTitle')}
      </h2>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <SelectField
        label={t('pages.report.category')}
        options={categories}
        placeholder={t('pages.report.categoryPlaceholder')}
        error={fieldMessage(t, language, { kind: 'choice' }, errors.category, getValues('category'))}
        {...register('category')}
      />
      <TextField
        label={t('pages.report.name')}
        autoComplete="name"
        maxLength={100}
        error={fieldMessage(t, language, { kind: 'text', min: 1, max: 100 }, errors.name, getValues('name'))}
        {...register('name')}
      />
      <TextField
        label={t('pages.report.email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldMessage(t, language, { kind: 'email' }, errors.email, getValues('email'))}
        {...register('email')}
      />
      <TextField
        label={t('pages.report.url')}
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://"
        hint={t('pages.report.urlHint')}
        error={fieldMessage(t, language, { kind: 'url' }, errors.url, getValues('url'))}
        {...register('url')}
      />
      <TextAreaField
        label={t('pages.report.reason')}
        rows={6}
        maxLength={5000}
        hint={t('pages.report.reasonHint')}
        error={fieldMessage(t, language, { kind: 'text', min: 10, max: 5000 }, errors.reason, getValues('reason'))}
        {...register('reason')}
      />
      <CheckboxField label={t('pages.report.isDepicted')} {...register('is_depicted')} />
      <CheckboxField
        label={t('pages.report.isAgreed')}
        required
        error={fieldMessage(t, language, { kind: 'agree' }, errors.is_agreed, getValues('is_agreed'))}
        {...register('is_agreed')}
      />
      <CaptchaField {...captchaProps} />
      <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? t('pages.report.sending') : t('pages.report.submit')}
      </button>
      {isSubmitting ? (
        <span className="visually-hidden" role="status">
          {t('pages.report.sending')}
        </span>
      ) : null}
    </form>
  );
}
