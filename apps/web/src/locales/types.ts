import type { enTexts } from './en';

/** The texts by namespace (decision 066): every locale has exactly the shape of the English source, a missing or extra key is a compile error. */
export type LocaleTexts = typeof enTexts;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The texts by section, as a key names them (`nav.logIn`: section `nav` of namespace `app`). */
export type LocaleMessages = Intersection<LocaleTexts[keyof LocaleTexts]>;
