/** What the app's modal host hands every popup (its registry type, restated: features do not import app/). */
export interface PopupProps {
  open: boolean;
  onClose: () => void;
}

/** buy-coins-success: the coins of the package bought (null when unknown). */
export interface BuyCoinsSuccessData {
  coins: number | null;
}

/** The discount popups: the percent the discount's feature settings announce. */
export interface DiscountPopupData {
  percent: number | null;
}
