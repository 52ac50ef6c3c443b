import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { RelatedLinks } from '../components/related-links';
import '../pages.css';

/** /prohibited_content: what may never be uploaded, shown or asked for. */
export default function ProhibitedContentRoute() {
  const { t } = useTranslation();
  return (
    <LegalDocument content={t('legal.prohibitedContent', { returnObjects: true })} testId="legal-prohibited-content">
      <RelatedLinks names={['report', 'agb', 'contactUs']} />
    </LegalDocument>
  );
}
