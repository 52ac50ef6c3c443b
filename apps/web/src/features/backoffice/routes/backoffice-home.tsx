import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { useCapabilities } from '@/lib/capabilities';
import { BackofficeFrame } from '../components/backoffice-frame';
import { BACKOFFICE_SECTIONS } from '../components/backoffice-sections';

/** /backoffice: the sections this person may use, each with what it is for (decision record 070). */
export default function BackofficeHomeRoute() {
  const { t } = useTranslation();
  const { can } = useCapabilities();
  const sections = BACKOFFICE_SECTIONS.filter((section) => can(section.capability));
  return (
    <BackofficeFrame title={t('backoffice.title')} intro={t('backoffice.intro')} titleId="backoffice-title">
      {sections.length === 0 ? (
        <StatusMessage title={t('backoffice.nothing')} />
      ) : (
        <ul className="backoffice__cards" data-testid="backoffice-sections">
          {sections.map((section) => (
            <li key={section.key} className="backoffice__card">
              <h2 className="backoffice__card-title">
                <Link to={section.href()}>{t(`backoffice.sections.${section.key}.title`)}</Link>
              </h2>
              <p>{t(`backoffice.sections.${section.key}.text`)}</p>
            </li>
          ))}
        </ul>
      )}
    </BackofficeFrame>
  );
}
