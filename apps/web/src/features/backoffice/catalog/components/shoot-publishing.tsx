import type { BoShootDetail } from '@velora/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useCapabilities } from '@/lib/capabilities';
import { isApiError } from '@/lib/http';
import { usePublishShoot, useUnpublishShoot } from '../api/change-shoot';
import { formatTime, localDateTimeToUnix } from './catalog-helpers';

/** Publish now, schedule for a time (members see the shoot from then on), or take it off the site (decision record 075). */
export function ShootPublishing({ shoot }: { shoot: BoShootDetail }) {
  const { t, i18n } = useTranslation();
  const { can } = useCapabilities();
  const publish = usePublishShoot();
  const unpublish = useUnpublishShoot();
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const busy = publish.isPending || unpublish.isPending;
  const time = shoot.published_at === null ? '' : formatTime(shoot.published_at, i18n.language);

  const send = async (publishAt: number | null) => {
    setAlert(null);
    try {
      await publish.mutateAsync({ id: shoot.id, body: { publish_at: publishAt } });
      setAt('');
    } catch (error) {
      setAlert(isApiError(error, 409) && error.code === 'EMPTY_SHOOT' ? t('boCatalog.shoot.empty') : t('boCatalog.saveFailed'));
    }
  };
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    setAtError(undefined);
    const unix = localDateTimeToUnix(at);
    if (unix === null) return setAtError(t('boCatalog.shoot.scheduleRequired'));
    void send(unix);
  };

  return (
    <section className="bo-catalog__panel" aria-labelledby="bo-publishing-title">
      <h2 id="bo-publishing-title" className="backoffice__card-title">
        {t('boCatalog.shoot.publishing')}
      </h2>
      <p data-testid="bo-shoot-state">
        <span className={`bo-catalog__badge bo-catalog__badge--${shoot.state}`}>{t(`boCatalog.states.${shoot.state}`)}</span>{' '}
        {shoot.state === 'draft' ? t('boCatalog.shoot.stateDraft') : shoot.state === 'scheduled' ? t('boCatalog.shoot.stateScheduled', { time }) : t('boCatalog.shoot.statePublished', { time })}
      </p>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {can('admin.settings') ? (
        <>
          {shoot.state !== 'published' ? (
            <button type="button" className="button button--primary" disabled={busy} aria-busy={publish.isPending || undefined} onClick={() => void send(null)}>
              {t('boCatalog.shoot.publishNow')}
            </button>
          ) : null}
          <form className="bo-catalog__schedule" noValidate onSubmit={schedule}>
            <TextField label={t('boCatalog.shoot.publishAt')} type="datetime-local" value={at} error={atError} onChange={(e) => setAt(e.target.value)} />
            <button type="submit" className="button" disabled={busy}>
              {t('boCatalog.shoot.schedule')}
            </button>
          </form>
        </>
      ) : null}
      {shoot.state !== 'draft' && can('moderation.content') ? (
        <button type="button" className="button" disabled={busy} aria-busy={unpublish.isPending || undefined} onClick={() => unpublish.mutate({ id: shoot.id }, { onError: () => setAlert(t('boCatalog.saveFailed')) })}>
          {t('boCatalog.unpublish')}
        </button>
      ) : null}
    </section>
  );
}
