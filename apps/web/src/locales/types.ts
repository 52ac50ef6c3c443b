import type { en } from './en';

/** Every locale has exactly the shape of the English source: a missing or extra key is a compile error. */
export type LocaleMessages = typeof en;
