import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /friends: partner projects and how to recommend the site. */
export default function FriendsRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.friends', { returnObjects: true })} testId="legal-friends" />;
}
