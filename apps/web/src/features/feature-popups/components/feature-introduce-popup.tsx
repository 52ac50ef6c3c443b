import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import { reportError } from '@/lib/report-error';
import { trackFeatureAction } from '../api/track-feature-action';
import { viewFeature } from '../api/view-feature';
import { rememberIntroduced } from '../markers';
import type { FeatureFeedbackData, FeatureIntroduceData, FeaturePopupProps } from '../popup-props';
import '../feature-popups.css';

const track = (feature: string, action: string) =>
  void trackFeatureAction(feature, { action }).catch((error: unknown) => reportError(error, { during: 'track feature action', feature, action }));

/** Introduces a new feature once (POST /feature/view/{id} when shown); may lead on to rating it. */
export function FeatureIntroducePopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const data = usePopup('feature-introduce')?.data as Partial<FeatureIntroduceData> | undefined;
  const feature = data?.feature ?? '';
  const label = data?.label ?? feature;
  const viewed = useRef<string | null>(null);

  useEffect(() => {
    if (!feature || viewed.current === feature) return;
    viewed.current = feature;
    if (data?.userId !== undefined) rememberIntroduced(data.userId, feature);
    void viewFeature(feature).catch((error: unknown) => reportError(error, { during: 'feature view', feature }));
  }, [feature, data?.userId]);

  const dismiss = () => {
    track(feature, 'dismiss');
    onClose();
  };

  const rate = () => {
    track(feature, 'rate');
    hidePopup('feature-introduce', { remove: true });
    showPopup('feature-feedback', { feature, label } satisfies FeatureFeedbackData);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && dismiss()} title={label} testId="feature-introduce-popup">
      <div className="feature-popup">
        <p className="eyebrow">{t('featurePopups.featureIntroduce.eyebrow')}</p>
        <p className="feature-popup__text">{data?.text ?? t('featurePopups.featureIntroduce.fallback', { feature: label })}</p>
        <div className="feature-popup__actions">
          <button type="button" className="button button--primary" onClick={dismiss}>
            {t('featurePopups.featureIntroduce.gotIt')}
          </button>
          {data?.canRate ? (
            <button type="button" className="button button--ghost" onClick={rate}>
              {t('featurePopups.featureIntroduce.rate')}
            </button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
