import 'i18next';
import type { LocaleMessages } from './types';

// Types every t() call against the English source: an unknown key is a compile error. At run time each namespace holds
// a few sections and i18next looks a key up in every namespace (fallbackNS, decision 066), so the keys a component may
// write are those of all the sections together, as if they were one namespace.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: LocaleMessages };
  }
}
