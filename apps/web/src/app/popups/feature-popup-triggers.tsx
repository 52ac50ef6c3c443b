import { useSession } from '@/features/auth/session';
import { FeedbackLauncher } from '@/features/feature-popups/components/feedback-launcher';
import { useFeaturePopupTriggers } from '@/features/feature-popups/use-feature-popup-triggers';

/** Hands the session to the feature popups (a feature may not read another's session): they decide when to show. */
export function FeaturePopupTriggers() {
  const { profile, isPending } = useSession();
  useFeaturePopupTriggers({ profile, pending: isPending });
  return <FeedbackLauncher profile={profile} />;
}
