import 'i18next';
import type { LocaleMessages } from './types';

// Types every t() call against the English source: an unknown key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: LocaleMessages };
  }
}
