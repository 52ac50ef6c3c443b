import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/text-field';
import { useVideoOptions } from '../api/get-video-options';

export interface LinkedVideo {
  id: number;
  title: string;
}

/** The videos a shoot links to: each can be unlinked; a search by title finds more to link. */
export function VideoPicker({ value, onChange, error }: { value: readonly LinkedVideo[]; onChange: (next: LinkedVideo[]) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const options = useVideoOptions(q, q.length > 0);
  const found = (options.data?.videos ?? []).filter((video) => !value.some((v) => v.id === video.id));
  return (
    <fieldset className="bo-catalog__fieldset bo-catalog__videos">
      <legend className="field__label">{t('boCatalog.shoot.videos')}</legend>
      {value.length === 0 ? <p className="backoffice__muted">{t('boCatalog.shoot.videosNone')}</p> : null}
      <ul className="bo-catalog__chips" data-testid="bo-shoot-videos">
        {value.map((video) => (
          <li key={video.id} className="bo-catalog__chip">
            <span>{video.title}</span>
            <button type="button" className="button" aria-label={t('boCatalog.shoot.removeVideo', { title: video.title })} onClick={() => onChange(value.filter((v) => v.id !== video.id))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <TextField label={t('boCatalog.shoot.findVideo')} type="search" value={search} error={error} onChange={(e) => setSearch(e.target.value)} />
      {q.length > 0 && options.isSuccess && found.length === 0 ? <p className="backoffice__muted">{t('boCatalog.shoot.noVideoFound')}</p> : null}
      {found.length > 0 ? (
        <ul className="bo-catalog__options">
          {found.map((video) => (
            <li key={video.id}>
              <button type="button" className="button" onClick={() => onChange([...value, video])}>
                {t('boCatalog.shoot.addVideo', { title: video.title })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
