import { useTranslation } from 'react-i18next';
import { paths } from '@/paths';
import { LegalDocument } from '../components/legal-document';
import '../pages.css';

/** /playdate-faq: questions and answers about playdates. */
export default function PlaydateFaqRoute() {
  const { t } = useTranslation();
  return <LegalDocument content={t('legal.playdateFaq', { returnObjects: true })} testId="legal-playdate-faq" links={{ cams: paths.cameras(), playdates: paths.playdates() }} />;
}
