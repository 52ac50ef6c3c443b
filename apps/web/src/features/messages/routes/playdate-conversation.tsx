import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConversationNotFound, ConversationView } from '../components/conversation-view';
import { PlaydateDetails } from '../components/playdate-details';
import '../messages.css';

/** A playdate id from the URL: a positive whole number, else null (shown as not found). */
export function playdateIdParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /playdate-messages/{id}: the offline messages of a playdate (GET/POST /messages/playdate/{id}). */
export default function PlaydateConversationRoute() {
  const { t } = useTranslation();
  const raw = useParams().id;
  const id = playdateIdParam(raw);
  const notFound = { title: t('messages.playdate.notFoundTitle'), text: t('messages.playdate.notFoundText') };
  if (id === null) return <ConversationNotFound {...notFound} />;
  return (
    <ConversationView
      key={id}
      target={{ kind: 'playdate', id }}
      notFound={notFound}
      details={(conversation) => <PlaydateDetails playdateId={id} playdate={conversation.playdate} />}
    />
  );
}
