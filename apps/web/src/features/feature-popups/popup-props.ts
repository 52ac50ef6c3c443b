/** What the app's modal host hands every popup (its registry type, restated here: features do not import app/). */
export interface FeaturePopupProps {
  open: boolean;
  onClose: () => void;
}

export interface DoubleOptInData {
  userId: number;
  email: string;
}
export interface DoubleOptInFinishData {
  token: string;
  userId?: number;
}
export interface OrganicData {
  userId: number;
}
export interface FeatureIntroduceData {
  userId: number;
  feature: string;
  label: string;
  text: string | null;
  /** Whether members may rate features (feature feature_feedback on): offers the feature-feedback popup. */
  canRate: boolean;
}
export interface FeatureFeedbackData {
  feature: string;
  label: string;
}
