import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /netiquette: how members treat each other in chats and messages. */
export default function NetiquetteRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.netiquette', { returnObjects: true })} testId="legal-netiquette" />;
}
