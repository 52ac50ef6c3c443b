import type { Profile } from '@velora/shared';
import { isFeatureActive } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';
import '../feature-popups.css';

/** A small, fixed "Feedback" button for members while the feature `feedback` is on; it opens the feedback popup. */
export function FeedbackLauncher({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation();
  if (!profile || !isFeatureActive(profile.features, 'feedback')) return null;
  return (
    <button type="button" className="feedback-launcher" onClick={() => showPopup('feedback')} data-testid="feedback-launcher">
      {t('featurePopups.feedback.open')}
    </button>
  );
}
