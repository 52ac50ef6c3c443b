import { useTranslation } from 'react-i18next';
import { ContactForm } from '../components/contact-form';
import { LegalDocument } from '../components/legal-document';
import { RelatedLinks } from '../components/related-links';
import '../pages.css';

/** /contact-us: the contact form (with the proof-of-work captcha), then how else to reach us. */
export default function ContactUsRoute() {
  const { t } = useTranslation();
  return (
    <LegalDocument content={t('legal.contactUs', { returnObjects: true })} lead={<ContactForm />} testId="legal-contact-us">
      <RelatedLinks names={['report', 'dmca', 'agb']} />
    </LegalDocument>
  );
}
