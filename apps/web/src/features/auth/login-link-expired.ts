/** The query of the log-in dialog opened after a one-click log-in link failed (its own module: the start-up reads it without loading the dialog). */
export const LOGIN_LINK_EXPIRED_PARAM = 'login_link';
