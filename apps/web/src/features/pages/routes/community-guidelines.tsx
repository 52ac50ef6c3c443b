import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /community_guidelines: the rules of the community. */
export default function CommunityGuidelinesRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.communityGuidelines', { returnObjects: true })} testId="legal-community-guidelines" />;
}
