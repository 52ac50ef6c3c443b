export { en } from './en';
export type { LocaleMessages, LocaleTexts } from './types';
