import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A live cam with its online state (said in words, not by colour alone). */
export function CameraLink({ name, online, href }: { name: string; online: boolean; href: string }) {
  const { t } = useTranslation();
  return (
    <Link className="camera-link" to={href}>
      <span className={`camera-link__dot camera-link__dot--${online ? 'online' : 'offline'}`} aria-hidden="true" />
      <span className="camera-link__name">{name}</span>
      <span className="camera-link__state">{online ? t('catalog.online') : t('catalog.offline')}</span>
    </Link>
  );
}
