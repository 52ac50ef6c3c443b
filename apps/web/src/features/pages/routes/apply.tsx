import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /apply: how models apply to work with us. */
export default function ApplyRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.apply', { returnObjects: true })} testId="legal-apply" />;
}
