/** What the freechat popup is opened with: the camera whose free chat is used up, to offer her paid chat. */
export interface FreechatPopupData {
  name: string;
  display_name: string;
  /** Null when she offers no paid chat now. */
  price_per_minute: number | null;
}

/** What the app's modal host hands every popup (its registry type, restated: features do not import app/). */
export interface PopupProps {
  open: boolean;
  onClose: () => void;
}
