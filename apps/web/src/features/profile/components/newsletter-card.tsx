import type { Profile } from '@velora/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useAccount } from '../account';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { useUnsubscribeMails } from '../api/unsubscribe-mails';
import { refusalOf } from '../refusals';
import { SettingsCard, SuccessStatus } from './settings-card';

/** The newsletter: its current state, and the one button that changes it. */
export function NewsletterCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const account = useAccount();
  const subscribe = useSubscribeNewsletter();
  const unsubscribe = useUnsubscribeMails();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const subscribed = profile.newsletter_subscribed;

  const toggle = async () => {
    setSaved(null);
    setFormError(null);
    setBusy(true);
    try {
      if (subscribed) await unsubscribe.mutateAsync();
      else await subscribe.mutateAsync();
      await account.refresh();
      setSaved(subscribed ? t('profile.newsletter.unsubscribed') : t('profile.newsletter.subscribed'));
    } catch (error) {
      setFormError(refusalOf(error, t).form ?? t('profile.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard title={t('profile.newsletter.title')} intro={t('profile.newsletter.intro')} testId="newsletter-card">
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void toggle();
        }}
      >
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <p className="settings-card__state" data-testid="newsletter-state">
          {subscribed ? t('profile.newsletter.stateOn') : t('profile.newsletter.stateOff')}
        </p>
        {subscribed ? <p className="settings-card__note">{t('profile.newsletter.unsubscribeNote')}</p> : null}
        <SuccessStatus message={saved} />
        <div className="form__row form__row--end">
          <button type="submit" className={`button ${subscribed ? 'button--secondary' : 'button--primary'}`} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('profile.saving') : subscribed ? t('profile.newsletter.unsubscribe') : t('profile.newsletter.subscribe')}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
