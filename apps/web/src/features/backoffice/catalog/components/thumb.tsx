import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A preview picture; a model or shoot without one shows a plain tile instead of a broken image. */
export function Thumb({ src, alt, className = 'bo-catalog__thumb', size = 64 }: { src: string; alt: string; className?: string; size?: number }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={`${className} bo-catalog__thumb--none`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        {t('boCatalog.noPicture')}
      </span>
    );
  }
  return <img className={className} src={src} alt={alt} width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}
