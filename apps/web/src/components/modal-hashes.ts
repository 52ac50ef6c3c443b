// Hashes that open dialogs wherever the user is (product §2: hash values open modals or popups).
// The app's modal host answers to them; any screen may link to them.
export const LOG_IN_HASH = '#log_in';
export const SIGN_UP_HASH = '#sign_up';
