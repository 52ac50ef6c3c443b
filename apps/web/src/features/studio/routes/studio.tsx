import { useTranslation } from 'react-i18next';
import { StudioGate } from '../components/studio-gate';
import { StudioScreen } from '../components/studio-screen';
import '../studio-live.css';
import '../studio-chat.css';
import '../studio-playdates.css';

/** /studio: the model studio's first screen (decision record 035). Model accounts only. */
export default function StudioRoute() {
  const { t } = useTranslation();
  return (
    <article className="page studio-page" aria-labelledby="studio-title">
      <header className="page-header">
        <h1 id="studio-title" className="page-header__title">
          {t('studio.title')}
        </h1>
        <p className="page-header__subtitle">{t('studio.subtitle')}</p>
      </header>
      <StudioGate>
        <StudioScreen />
      </StudioGate>
    </article>
  );
}
