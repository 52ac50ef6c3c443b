import type { RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentChoice } from '@/lib/third-parties';
import { ALL_CONSENT, NECESSARY_ONLY } from '@/lib/third-parties';
import '../compliance.css';

interface CookieConsentPopupProps {
  /** The answer given before (when reopened from the footer), to start the settings from. */
  initial: ConsentChoice | null;
  onAnswer: (choice: ConsentChoice) => void;
}

const CATEGORIES = ['analytics', 'marketing'] as const;

/**
 * The cookie-consent popup (type `cookies`): a non-blocking panel at the bottom of the page, so the
 * rest of the site (legal pages included) stays usable while it waits for an answer.
 */
export function CookieConsentPopup({ initial, onAnswer }: CookieConsentPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(initial ?? NECESSARY_ONLY);
  const panel = useRef<HTMLElement>(null);
  useReservedSpace(panel);

  return (
    <section
      ref={panel}
      className="cookie-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="cookie-popup"
      data-popup="cookies"
    >
      <div className="cookie-popup__body">
        <h2 id={titleId} className="cookie-popup__title">
          {t('compliance.cookies.title')}
        </h2>
        <p id={textId} className="cookie-popup__text">
          {t('compliance.cookies.text')}
        </p>
        {settingsOpen ? (
          <fieldset className="cookie-popup__settings">
            <legend className="visually-hidden">{t('compliance.cookies.categories')}</legend>
            <label className="cookie-popup__category">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t('compliance.cookies.necessary')}</strong>
                <span className="cookie-popup__hint">{t('compliance.cookies.necessaryText')}</span>
              </span>
            </label>
            {CATEGORIES.map((category) => (
              <label key={category} className="cookie-popup__category">
                <input
                  type="checkbox"
                  checked={choice[category]}
                  data-testid={`cookie-category-${category}`}
                  onChange={(event) => setChoice((current) => ({ ...current, [category]: event.target.checked }))}
                />
                <span>
                  <strong>{t(`compliance.cookies.${category}`)}</strong>
                  <span className="cookie-popup__hint">{t(`compliance.cookies.${category}Text`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      <div className="cookie-popup__actions">
        <button type="button" className="button button--primary" data-testid="cookie-accept" onClick={() => onAnswer(ALL_CONSENT)}>
          {t('compliance.cookies.acceptAll')}
        </button>
        <button type="button" className="button button--secondary" data-testid="cookie-necessary" onClick={() => onAnswer(NECESSARY_ONLY)}>
          {t('compliance.cookies.necessaryOnly')}
        </button>
        {settingsOpen ? (
          <button type="button" className="button button--ghost" data-testid="cookie-save" onClick={() => onAnswer(choice)}>
            {t('compliance.cookies.save')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            data-testid="cookie-settings"
            onClick={() => setSettingsOpen(true)}
          >
            {t('compliance.cookies.settings')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The panel's height as `--cookie-panel-height` on <html>, so a gate under it keeps its buttons clear of it. */
function useReservedSpace(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = panel.current;
    const root = document.documentElement;
    if (!element) return undefined;
    const update = () => root.style.setProperty('--cookie-panel-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-panel-height');
    };
  }, [panel]);
}
