import type { FeatureMapT, Language } from '@velora/shared';

type Settings = FeatureMapT[string]['settings'] | undefined;

/** A text from feature settings: a plain string, or one per language ({ en, de, fr }). */
function localized(value: unknown, language: Language): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object') {
    const byLanguage = value as Partial<Record<Language, unknown>>;
    const text = byLanguage[language] ?? byLanguage.en;
    return typeof text === 'string' ? text.trim() || null : null;
  }
  return null;
}

/** How a feature is named to people: settings.title, else its name in words ("black_friday" → "Black friday"). */
export function featureLabel(name: string, settings: Settings, language: Language): string {
  const title = localized(settings?.title, language);
  if (title) return title;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The introduction text of a feature (settings.introduce when it is text), or null for the generic one. */
export function introductionText(settings: Settings, language: Language): string | null {
  return localized(settings?.introduce, language);
}
