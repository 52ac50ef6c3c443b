import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { RelatedLinks } from '../components/related-links';
import { ReportForm } from '../components/report-form';
import '../pages.css';

/** /report: the content removal form, then what happens with a report. */
export default function ReportRoute() {
  const { t } = useTranslation();
  return (
    <LegalDocument content={t('legal.report', { returnObjects: true })} lead={<ReportForm />} testId="legal-report">
      <RelatedLinks names={['prohibitedContent', 'dmca', 'contactUs']} />
    </LegalDocument>
  );
}
