import { FreeChatRoute, PaidChatRoute, type ChatScreenSlots } from '@/features/camera-chat/routes/chat';
import { useSession } from '@/features/auth/session';
import { askForCameraFeedback } from '@/features/cameras/camera-feedback';
import { LivePlayer } from '@/features/cameras/components/live-player';
// The player's looks live with the cameras feature.
import '@/features/cameras/cameras.css';

// /free-chat/{name} and /chat/{name} (features/camera-chat) with the cameras feature's live player and its feedback
// question: the app composes them, one feature does not import another.

function useSlots(): ChatScreenSlots {
  const { profile } = useSession();
  return {
    viewerUserId: profile?.id ?? null,
    renderPlayer: ({ name, label, live, paidSessionId }) => <LivePlayer name={name} label={label} live={live} paidSessionId={paidSessionId} />,
    onSessionEnded: (camera) => void askForCameraFeedback(camera),
  };
}

export function FreeChatScreen() {
  return <FreeChatRoute {...useSlots()} />;
}

export function PaidChatScreen() {
  return <PaidChatRoute {...useSlots()} />;
}
