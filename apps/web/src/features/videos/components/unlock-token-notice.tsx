import type { UnlockedContent } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NOTHING_UNLOCKED } from '../api/get-unlocked';
import { useRedeemUnlockToken } from '../api/redeem-unlock-token';

export const UNLOCK_TOKEN_PARAM = 'unlock_token';

type Outcome = { kind: 'done'; before: UnlockedContent; after: UnlockedContent } | { kind: 'failed' };

/**
 * Redeems `?unlock_token=` for a logged-in member (SPEC §1: unlocked videos can be added from a token), then
 * drops the parameter from the URL and says what happened. Visitors keep the parameter: the log-in redirect
 * carries it back here.
 */
export function UnlockTokenNotice({ loggedIn, unlocked }: { loggedIn: boolean; unlocked: UnlockedContent | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const redeem = useRedeemUnlockToken();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const handled = useRef<string | null>(null);

  const token = new URLSearchParams(location.search).get(UNLOCK_TOKEN_PARAM);

  useEffect(() => {
    if (!loggedIn || !token || unlocked === undefined || handled.current === token) return;
    handled.current = token;
    const before = unlocked ?? NOTHING_UNLOCKED;
    const params = new URLSearchParams(location.search);
    params.delete(UNLOCK_TOKEN_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    redeem.mutate(token, {
      onSuccess: (after) => setOutcome({ kind: 'done', before, after }),
      // SPEC §8: a failed unlock leaves the list empty rather than breaking the page.
      onError: () => setOutcome({ kind: 'failed' }),
    });
  }, [loggedIn, token, unlocked, location, navigate, redeem]);

  if (!outcome && !redeem.isPending) return null;
  let message: string;
  if (redeem.isPending || !outcome) message = t('unlock.pending');
  else if (outcome.kind === 'failed') message = t('unlock.failed');
  else {
    const videos = outcome.after.videos.length - outcome.before.videos.length;
    const shoots = outcome.after.galleries.length - outcome.before.galleries.length;
    message = videos + shoots > 0 ? t('unlock.done', { videos, shoots }) : t('unlock.nothingNew');
  }
  return (
    <div className={`unlock-notice unlock-notice--${outcome?.kind ?? 'pending'}`} role="status" data-testid="unlock-notice">
      <span>{message}</span>
      {outcome ? (
        <button type="button" className="unlock-notice__close" onClick={() => setOutcome(null)} aria-label={t('unlock.dismiss')}>
          ×
        </button>
      ) : null}
    </div>
  );
}
