import type { StreamKey, StudioCamera } from '@velora/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { isApiError } from '@/lib/http';
import { useMakeStreamKey } from '../api/make-stream-key';
import { CopyField } from './copy-field';

/** The new key, shown once: it lives in this component's state only, and is gone when she says she has it. */
function NewKey({ stream, onDone }: { stream: StreamKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="studio-new-key" data-testid="studio-new-key">
      <h3 className="studio-new-key__title">{t('studio.obs.newKeyTitle')}</h3>
      <FormAlert tone="info">{t('studio.obs.newKeyOnce')}</FormAlert>
      <CopyField label={t('studio.obs.streamKey')} value={stream.stream_key} testId="studio-new-key-value" />
      <div className="form__row form__row--end">
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('studio.obs.done')}
        </button>
      </div>
    </div>
  );
}

/** Publishing from an encoder: the WHIP and RTMP addresses, the current key's hint, and a new key. */
export function ObsPanel({ camera }: { camera: StudioCamera }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const makeKey = useMakeStreamKey();
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<StreamKey | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { ingest } = camera;

  const make = async () => {
    setFailed(null);
    try {
      setNewKey(await makeKey.mutateAsync());
      setConfirming(false);
    } catch (error) {
      setFailed(isApiError(error, 429) ? t('studio.errors.rateLimited') : t('studio.obs.keyFailed'));
    }
  };

  const keyInfo =
    ingest.stream_key_hint && ingest.stream_key_created_at !== null
      ? t('studio.obs.keyHint', {
          hint: ingest.stream_key_hint,
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ingest.stream_key_created_at * 1000),
        })
      : t('studio.obs.noKey');

  return (
    <section className="studio-card" aria-labelledby={titleId} data-testid="studio-obs">
      <h2 id={titleId} className="studio-card__title">
        {t('studio.obs.title')}
      </h2>
      <p className="studio-card__intro">{t('studio.obs.intro')}</p>
      <CopyField label={t('studio.obs.whipUrl')} value={newKey?.whip_url ?? ingest.whip_url} testId="studio-whip-url" />
      <CopyField label={t('studio.obs.rtmpUrl')} value={newKey?.rtmp_url ?? ingest.rtmp_url} testId="studio-rtmp-url" />
      <p data-testid="studio-key-hint">{keyInfo}</p>
      {newKey ? (
        <NewKey stream={newKey} onDone={() => setNewKey(null)} />
      ) : (
        <div className="form__row">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {t('studio.obs.makeKey')}
          </button>
        </div>
      )}
      <details className="studio-howto">
        <summary>{t('studio.obs.howTo.title')}</summary>
        <ol>
          <li>{t('studio.obs.howTo.obs')}</li>
          <li>{t('studio.obs.howTo.older')}</li>
        </ol>
      </details>
      <ConfirmDialog
        open={confirming}
        title={t('studio.obs.confirmKey.title')}
        description={t('studio.obs.confirmKey.text')}
        confirmLabel={t('studio.obs.confirmKey.confirm')}
        pendingLabel={t('studio.obs.makingKey')}
        cancelLabel={t('studio.obs.confirmKey.cancel')}
        pending={makeKey.isPending}
        error={failed}
        onConfirm={() => void make()}
        onCancel={() => {
          setConfirming(false);
          setFailed(null);
        }}
        testId="studio-confirm-key"
      />
    </section>
  );
}
