/** What the app's modal host hands every popup (its registry type, restated: features do not import app/). */
export interface PopupProps {
  open: boolean;
  onClose: () => void;
}

/** model-tip: the model to tip (its profile opens it with the name; an offer with the coins it suggests). */
export interface ModelTipData {
  model_id: number;
  model_name?: string | null;
  coins?: number | null;
}

/** model-tip-success: what was sent and what is left. */
export interface ModelTipSuccessData {
  model_name: string | null;
  coins: number;
  balance: number;
}

/** model-tip-offer: GET /feature/model_tip_offer's offer, with the model it names (GET /models/{id}). */
export interface ModelTipOfferData {
  model_id: number;
  coins: number;
  model_name: string;
  /** Her square picture (400x400). */
  model_image: string;
}
