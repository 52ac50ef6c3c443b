import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { RelatedLinks } from '../components/related-links';
import '../pages.css';

/** /dmca: how to send a copyright (DMCA) notice and a counter-notice. */
export default function DmcaRoute() {
  const { t } = useTranslation();
  return (
    <LegalDocument content={t('legal.dmca', { returnObjects: true })} testId="legal-dmca">
      <RelatedLinks names={['report', 'contactUs']} />
    </LegalDocument>
  );
}
