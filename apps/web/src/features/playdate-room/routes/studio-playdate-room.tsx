import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { useCan } from '@/lib/capabilities';
import { paths } from '@/paths';
import { PlaydateRoomScreen } from '../components/playdate-room-screen';

/** /studio/playdates/{id}: the model's side of one of her playdate rooms (capability studio, checked on the server too). */
export default function StudioPlaydateRoomRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const allowed = useCan('studio');
  if (!allowed) {
    return (
      <div data-testid="playdate-room-models-only">
        <StatusMessage
          title={t('playdateRoom.forbidden.title')}
          text={t('playdateRoom.forbidden.hostText')}
          action={
            <Link className="button button--primary" to={paths.home()}>
              {t('common.backHome')}
            </Link>
          }
        />
      </div>
    );
  }
  const numeric = id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : 0;
  return <PlaydateRoomScreen key={numeric} side={{ host: true, id: numeric }} />;
}
