import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConversationView } from '../components/conversation-view';
import '../messages.css';

/** /messages/{name}: the conversation with a member or model, or the site inbox (/messages/velora). */
export default function ConversationRoute() {
  const { t } = useTranslation();
  const name = useParams().name ?? '';
  return (
    <ConversationView
      // Another name is another conversation: nothing (scroll, read marks, drafts) carries over.
      key={name.toLowerCase()}
      target={{ kind: 'name', name }}
      notFound={{ title: t('messages.conversation.notFoundTitle'), text: t('messages.conversation.notFoundText', { name }) }}
    />
  );
}
