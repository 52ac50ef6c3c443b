import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalLink } from './age-approval-gate';
import { trapTab, useLayerFocus, useScrollLock } from './layer-focus';
import '../compliance.css';

interface LawRestrictionPopupProps {
  /** The region's name as the rules found it ("texas"). */
  region: string;
  /** Where "Log in" goes (the log-in dialog): members are not restricted. */
  logInTo: string;
  contactTo: string;
  legalLinks: readonly LegalLink[];
}

const titleCase = (name: string) => name.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/**
 * The law-restriction popup (SPEC §4): a blocking notice for logged-out visitors from US regions whose
 * law asks for an age check of every visitor. It explains, and offers only what stays open.
 */
export function LawRestrictionPopup({ region, logInTo, contactTo, legalLinks }: LawRestrictionPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayerFocus(panel, heading);
  useScrollLock();

  return (
    <div className="compliance-layer compliance-layer--law" data-popup="law-restriction">
      <div className="compliance-layer__cover compliance-layer__cover--opaque" aria-hidden="true" />
      <section
        ref={panel}
        className="compliance-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="law-restriction-popup"
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <h2 id={titleId} ref={heading} className="compliance-panel__title" tabIndex={-1}>
          {t('compliance.lawRestriction.title')}
        </h2>
        <p id={textId} className="compliance-panel__text">
          {t('compliance.lawRestriction.text', { region: titleCase(region) })}
        </p>
        <p className="compliance-panel__text">{t('compliance.lawRestriction.members')}</p>
        <div className="compliance-panel__actions">
          <Link className="button button--primary" to={logInTo}>
            {t('compliance.lawRestriction.logIn')}
          </Link>
          <Link className="button button--ghost" to={contactTo}>
            {t('compliance.lawRestriction.contact')}
          </Link>
        </div>
        {legalLinks.length > 0 ? (
          <nav aria-label={t('compliance.legalLinks')}>
            <ul className="compliance-panel__links">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
