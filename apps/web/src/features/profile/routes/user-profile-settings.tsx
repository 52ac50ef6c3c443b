import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { EmailForm } from '../components/email-form';
import { NewsletterCard } from '../components/newsletter-card';
import { NotificationsForm } from '../components/notifications-form';
import { ChangePasswordForm } from '../components/password-form';
import { PersonalDataForm } from '../components/personal-data-form';
import { PlaydateBlocksForm } from '../components/playdate-blocks-form';
import { ProfileGate } from '../components/profile-gate';
import { UsernameForm } from '../components/username-form';
import '../profile.css';

/** /user-profile/settings: one card per setting, each saved on its own. */
export default function UserProfileSettingsRoute() {
  const { t } = useTranslation();
  return (
    <article className="page profile-page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title" className="page-header__title">
          {t('profile.settings.title')}
        </h1>
        <p className="page-header__subtitle">{t('profile.settings.subtitle')}</p>
        <Link className="text-link" to={paths.userProfile()}>
          {t('profile.settings.backToProfile')}
        </Link>
      </header>
      <ProfileGate>
        {(profile) => (
          // Keyed by account: another log-in in this tab starts every form from its own values.
          <div className="settings-stack" key={profile.id}>
            <UsernameForm profile={profile} />
            <EmailForm profile={profile} />
            <ChangePasswordForm />
            <PersonalDataForm profile={profile} />
            <NotificationsForm profile={profile} />
            <NewsletterCard profile={profile} />
            <PlaydateBlocksForm profile={profile} />
          </div>
        )}
      </ProfileGate>
    </article>
  );
}
