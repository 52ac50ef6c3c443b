import { useTranslation } from 'react-i18next';
import { paths } from '@/paths';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /about_us: who we are and what the site offers. */
export default function AboutUsRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.aboutUs', { returnObjects: true })} testId="legal-about-us" links={{ cams: paths.cameras(), playdates: paths.playdates() }} />;
}
