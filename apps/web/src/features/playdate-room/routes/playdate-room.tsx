import { useParams } from 'react-router';
import { PlaydateRoomScreen } from '../components/playdate-room-screen';

function useIdParam(): number | null {
  const { id } = useParams();
  return id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
}

function BadId() {
  // An id that is no id is a room that does not exist: the screen says so as for a 404.
  return <PlaydateRoomScreen side={{ host: false, kind: 'private', id: 0 }} />;
}

/** /private-playdate/{id}: the member's room of his private playdate (decisions 040–043). */
export function PrivatePlaydateRoute() {
  const id = useIdParam();
  return id === null ? <BadId /> : <PlaydateRoomScreen key={`private-${id}`} side={{ host: false, kind: 'private', id }} />;
}

/** /public-playdate/{id}: a public show's room (premium members watch and chat). */
export function PublicPlaydateRoute() {
  const id = useIdParam();
  return id === null ? <BadId /> : <PlaydateRoomScreen key={`public-${id}`} side={{ host: false, kind: 'public', id }} />;
}
