import type { ReactNode, RefObject } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trapTab, useLayerFocus, useScrollLock } from './layer-focus';
import '../compliance.css';

export interface LegalLink {
  to: string;
  label: string;
}

interface BlockingLayerProps {
  /** The popup type, for styling and for tests (`data-popup`). */
  popup: 'age-approval' | 'law-restriction';
  testId: string;
  titleId: string;
  textId: string;
  /** Opaque covers hide the page entirely; the default blurs it. */
  opaque?: boolean;
  /** What takes the focus when the layer opens. */
  initialFocus: RefObject<HTMLElement | null>;
  /** The legal pages, which stay reachable from every blocking layer. */
  legalLinks: readonly LegalLink[];
  children: ReactNode;
}

/** The shell of the compliance layers that block the page: cover, focus trap, scroll lock, legal links. */
export function BlockingLayer({ popup, testId, titleId, textId, opaque, initialFocus, legalLinks, children }: BlockingLayerProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  useLayerFocus(panel, initialFocus);
  useScrollLock();

  return (
    <div className={`compliance-layer compliance-layer--${popup === 'age-approval' ? 'age' : 'law'}`} data-popup={popup}>
      <div className={`compliance-layer__cover${opaque ? ' compliance-layer__cover--opaque' : ''}`} aria-hidden="true" />
      <section
        ref={panel}
        className="compliance-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid={testId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        {children}
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
