import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BlockingLayer, type LegalLink } from './blocking-layer';

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
 * The law-restriction popup (product §4): a blocking notice for logged-out visitors from US regions whose
 * law asks for an age check of every visitor. It explains, and offers only what stays open.
 */
export function LawRestrictionPopup({ region, logInTo, contactTo, legalLinks }: LawRestrictionPopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <BlockingLayer popup="law-restriction" testId="law-restriction-popup" titleId={titleId} textId={textId} opaque initialFocus={heading} legalLinks={legalLinks}>
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
    </BlockingLayer>
  );
}
