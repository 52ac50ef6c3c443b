import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { BlockingLayer, type LegalLink } from './blocking-layer';

export type { LegalLink } from './blocking-layer';

interface AgeApprovalGateProps {
  onConfirm: () => void;
  /** The legal pages, readable without confirming. */
  legalLinks: readonly LegalLink[];
  /** Where "Leave" goes. */
  exitUrl: string;
}

/**
 * The age-approval gate (popup type `age-approval`): visitors confirm once that they are adults
 * before the site. The page stays in the document under a blurred cover, so a legal-page link or the
 * log-in dialog can sit above it.
 */
export function AgeApprovalGate({ onConfirm, legalLinks, exitUrl }: AgeApprovalGateProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const confirm = useRef<HTMLButtonElement>(null);

  return (
    <BlockingLayer popup="age-approval" testId="age-approval" titleId={titleId} textId={textId} initialFocus={confirm} legalLinks={legalLinks}>
      <Logo size="large" />
      <span className="compliance-panel__badge" aria-hidden="true">
        18+
      </span>
      <h2 id={titleId} className="compliance-panel__title">
        {t('compliance.ageApproval.title')}
      </h2>
      <p id={textId} className="compliance-panel__text">
        {t('compliance.ageApproval.text')}
      </p>
      <div className="compliance-panel__actions">
        <button ref={confirm} type="button" className="button button--primary button--large" data-testid="age-approval-confirm" onClick={onConfirm}>
          {t('compliance.ageApproval.confirm')}
        </button>
        <a className="button button--ghost button--large" href={exitUrl} rel="noreferrer">
          {t('compliance.ageApproval.leave')}
        </a>
      </div>
      <p className="compliance-panel__note">{t('compliance.ageApproval.note')}</p>
    </BlockingLayer>
  );
}
