import type { Profile } from '@velora/shared';
import { isPremium, planName } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { showPopup } from '@/components/popups/popup-store';
import { useContentLanguage } from '@/lib/content-language';
import { AvatarImage } from '../components/avatar-image';
import { EmailVerification } from '../components/email-verification';
import { ProfileGate } from '../components/profile-gate';
import { RolesCard } from '../components/roles-card';
import { SettingsCard } from '../components/settings-card';
import '../profile.css';

function Membership({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const premium = isPremium(profile, Date.now());
  return (
    <SettingsCard title={t('profile.overview.membershipTitle')} testId="membership">
      <dl className="facts">
        <div className="facts__row">
          <dt>{t('profile.overview.status')}</dt>
          <dd data-testid="membership-status">
            {premium && profile.premium_until !== null ? (
              <>
                <span className="badge">{t('nav.premium')}</span>{' '}
                {t('profile.overview.premiumUntil', {
                  date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(profile.premium_until * 1000)),
                })}
              </>
            ) : (
              <>
                {t('profile.overview.freeMember')}{' '}
                <Link className="text-link" to={paths.paywall()}>
                  {t('profile.overview.becomePremium')}
                </Link>
              </>
            )}
          </dd>
        </div>
        {profile.subscription ? (
          <div className="facts__row">
            <dt>{t('profile.overview.subscription')}</dt>
            <dd data-testid="subscription-name">{planName(profile.subscription.type, language)}</dd>
          </div>
        ) : null}
        <div className="facts__row">
          <dt>{t('profile.overview.coins')}</dt>
          <dd data-testid="coins">{new Intl.NumberFormat(language).format(profile.coins)}</dd>
        </div>
      </dl>
    </SettingsCard>
  );
}

function Overview({ profile, moneyCards }: { profile: Profile; moneyCards?: ((profile: Profile) => ReactNode) | undefined }) {
  const { t } = useTranslation();
  return (
    <article className="page profile-page" aria-labelledby="profile-title">
      <header className="profile-hero">
        <button
          type="button"
          className="profile-hero__avatar"
          onClick={() => showPopup('change-avatar')}
          aria-label={t('profile.overview.changeAvatar')}
          data-testid="change-avatar-button"
        >
          <AvatarImage src={profile.avatar_url} size={96} />
          <span className="profile-hero__avatar-edit" aria-hidden="true">
            {t('profile.overview.edit')}
          </span>
        </button>
        <div className="profile-hero__names">
          <h1 id="profile-title" className="profile-hero__title">
            {profile.username}
          </h1>
          <p className="profile-hero__chat">
            {profile.chatname ? t('profile.overview.chatName', { name: profile.chatname }) : t('profile.overview.noChatName')}
          </p>
        </div>
        <Link className="button button--secondary" to={paths.userProfileSettings()}>
          {t('profile.overview.settingsLink')}
        </Link>
      </header>
      <div className="profile-grid">
        <SettingsCard title={t('profile.overview.emailTitle')} testId="email-card">
          <EmailVerification profile={profile} />
        </SettingsCard>
        <Membership profile={profile} />
        {moneyCards?.(profile)}
        <RolesCard />
      </div>
    </article>
  );
}

/**
 * /user-profile: the account at a glance, the avatar, membership, coins and the roles with their switches. The app
 * adds the subscription and payment history cards (features/paywall) through `moneyCards`.
 */
export default function UserProfileRoute({ moneyCards }: { moneyCards?: (profile: Profile) => ReactNode }) {
  return <ProfileGate>{(profile) => <Overview profile={profile} moneyCards={moneyCards} />}</ProfileGate>;
}
