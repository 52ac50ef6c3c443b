import { useTranslation } from 'react-i18next';
import { companyAddressLine, companyDisplayName, useCompanyValues } from '@/components/company-values';

/** The operator's details from the company values of the site (product §1: net, de or ch; German on failure). */
export function CompanyDetails({ headingId, heading }: { headingId: string; heading: string }) {
  const { t } = useTranslation();
  const { values, pending } = useCompanyValues();
  const register = [values.register_court, values.register_number].filter(Boolean).join(', ');
  const rows = [
    { key: 'name', label: t('legal.company.name'), value: companyDisplayName(values) },
    { key: 'address', label: t('legal.company.address'), value: companyAddressLine(values) },
    { key: 'register', label: t('legal.company.register'), value: register },
    { key: 'vatId', label: t('legal.company.vatId'), value: values.vat_id },
    { key: 'director', label: t('legal.company.director'), value: values.managing_director },
  ].filter((row) => row.value);
  return (
    <section className="company-details" aria-labelledby={headingId} aria-busy={pending || undefined} data-testid="company-details">
      <h2 id={headingId} className="legal-page__heading">
        {heading}
      </h2>
      <dl className="company-details__list">
        {rows.map((row) => (
          <div key={row.key} className="company-details__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        {values.support_email ? (
          <div className="company-details__row">
            <dt>{t('legal.company.email')}</dt>
            <dd>
              <a className="text-link" href={`mailto:${values.support_email}`}>
                {values.support_email}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
