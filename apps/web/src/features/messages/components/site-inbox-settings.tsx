import type { SiteMessageGroup } from '@velora/shared';
import { UNSUBSCRIBABLE_GROUPS } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { SwitchField } from '@/components/switch-field';
import type { UnsubscribableGroup } from '../api/unsubscribe-group';
import { useGroupSubscription } from '../api/unsubscribe-group';

/** The site inbox takes no replies: where to write instead, and which groups of site messages arrive. */
export function SiteInboxSettings({ unsubscribed }: { unsubscribed: readonly SiteMessageGroup[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const mutation = useGroupSubscription();
  const [failed, setFailed] = useState(false);
  const changing = mutation.isPending ? mutation.variables.group : null;

  const toggle = (group: UnsubscribableGroup, subscribed: boolean) => {
    // One change at a time. The switches are not disabled meanwhile: a disabled switch would drop the keyboard focus.
    if (mutation.isPending) return;
    setFailed(false);
    mutation.mutate({ group, subscribed }, { onError: () => setFailed(true) });
  };

  return (
    <div className="site-inbox">
      <p className="site-inbox__hint">
        {t('messages.siteInbox.replyHint')}{' '}
        <Link className="text-link" to={paths.legal('contactUs')}>
          {t('messages.siteInbox.contactLink')}
        </Link>
        .
      </p>
      <section className="site-inbox__settings" aria-labelledby={headingId}>
        <h2 id={headingId} className="site-inbox__title">
          {t('messages.siteInbox.settingsTitle')}
        </h2>
        <p className="site-inbox__text">{t('messages.siteInbox.settingsText')}</p>
        <ul className="site-inbox__groups">
          {UNSUBSCRIBABLE_GROUPS.map((group) => {
            const subscribed = !unsubscribed.includes(group);
            return (
              <li key={group}>
                <SwitchField
                  label={t(`messages.siteInbox.groups.${group}`)}
                  checked={subscribed}
                  aria-busy={changing === group || undefined}
                  onChange={() => toggle(group, !subscribed)}
                />
              </li>
            );
          })}
        </ul>
        {failed ? <FormAlert tone="error">{t('messages.siteInbox.saveFailed')}</FormAlert> : null}
      </section>
    </div>
  );
}
