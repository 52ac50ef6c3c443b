import { useTranslation } from 'react-i18next';
import { CompanyDetails } from '../components/company-details';
import { LegalDocument } from '../components/legal-document';
import { RelatedLinks } from '../components/related-links';
import '../pages.css';

/** /agb: the terms and conditions, the operator, and the 18 U.S.C. 2257 record-keeping notice. */
export default function AgbRoute() {
  const { t } = useTranslation();
  const notice = t('legal.notice2257', { returnObjects: true });
  return (
    <LegalDocument
      content={t('legal.agb', { returnObjects: true })}
      lead={<CompanyDetails headingId="agb-operator" heading={t('legal.company.operator')} />}
      testId="legal-agb"
    >
      <section id="usc-2257" className="legal-page__section legal-page__notice" aria-labelledby="usc-2257-title" data-testid="notice-2257">
        <h2 id="usc-2257-title" className="legal-page__heading">
          {notice.heading}
        </h2>
        {notice.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <CompanyDetails headingId="usc-2257-custodian" heading={t('legal.company.custodian')} />
      </section>
      <RelatedLinks names={['prohibitedContent', 'dmca', 'report', 'contactUs']} />
    </LegalDocument>
  );
}
