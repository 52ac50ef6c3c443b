// The part of the Google Identity Services API this app uses (https://accounts.google.com/gsi/client).

export interface CredentialResponse {
  /** The OpenID Connect ID token. */
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill';
  width?: number;
  locale?: string;
}

export interface GoogleIdApi {
  initialize(config: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(): void;
  cancel(): void;
  disableAutoSelect(): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

interface GoogleGlobal {
  google?: { accounts?: { id?: GoogleIdApi } };
}

/** The library's `google.accounts.id`, once its script has run. */
export function googleIdApi(win: Window = window): GoogleIdApi | null {
  return (win as unknown as GoogleGlobal).google?.accounts?.id ?? null;
}
