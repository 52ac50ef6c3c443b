import type { UnlockedContent, UnlockRedemption } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { playLocation } from '@/entities/video-player/play-hash';
import { paths } from '@/paths';
import { NOTHING_UNLOCKED } from '../api/get-unlocked';
import { useRedeemUnlockToken } from '../api/redeem-unlock-token';

export const UNLOCK_TOKEN_PARAM = 'unlock_token';

type Item = UnlockRedemption['redeemed']['videos'][number];
type Outcome = { kind: 'done'; shoots: Item[]; videos: Item[] } | { kind: 'failed' };

function withoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(UNLOCK_TOKEN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Titles named one by one in the notice; the rest are counted. */
export const NAMED_PER_KIND = 5;

/** What the token unlocked that was not unlocked before (a second redemption unlocks nothing new). */
export function newlyUnlocked(before: UnlockedContent, redemption: UnlockRedemption): { shoots: Item[]; videos: Item[] } {
  const hadShoots = new Set(before.galleries);
  const hadVideos = new Set(before.videos);
  return {
    shoots: redemption.redeemed.galleries.filter((shoot) => !hadShoots.has(shoot.id)),
    videos: redemption.redeemed.videos.filter((video) => !hadVideos.has(video.id)),
  };
}

function UnlockedList({ label, items, linkTo }: { label: string; items: Item[]; linkTo: (item: Item) => Parameters<typeof Link>[0]['to'] }) {
  const { t } = useTranslation();
  const named = items.slice(0, NAMED_PER_KIND);
  const more = items.length - named.length;
  return (
    <li className="unlock-notice__group">
      <span className="unlock-notice__label">{label}</span>{' '}
      {named.map((item, i) => (
        <span key={item.id}>
          {i > 0 ? ', ' : null}
          <Link className="text-link" to={linkTo(item)}>
            {item.title}
          </Link>
        </span>
      ))}
      {more > 0 ? <> {t('unlock.more', { count: more })}</> : null}
    </li>
  );
}

/**
 * Redeems `?unlock_token=` for a logged-in member (product §1: unlocked videos can be added from a token), then
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
    void navigate({ pathname: location.pathname, search: withoutToken(location.search), hash: location.hash }, { replace: true });
    redeem.mutate(token, {
      onSuccess: (redemption) => setOutcome({ kind: 'done', ...newlyUnlocked(before, redemption) }),
      // product §8: a failed unlock leaves the list empty rather than breaking the page.
      onError: () => setOutcome({ kind: 'failed' }),
    });
  }, [loggedIn, token, unlocked, location, navigate, redeem]);

  if (!outcome && !redeem.isPending) return null;
  // A video plays in the theater player over this page (without the token, whose redemption is done).
  const here = { pathname: location.pathname, search: withoutToken(location.search) };
  let body;
  if (redeem.isPending || !outcome) body = <p className="unlock-notice__text">{t('unlock.pending')}</p>;
  else if (outcome.kind === 'failed') body = <p className="unlock-notice__text">{t('unlock.failed')}</p>;
  else if (outcome.shoots.length + outcome.videos.length === 0) body = <p className="unlock-notice__text">{t('unlock.nothingNew')}</p>;
  else {
    body = (
      <div className="unlock-notice__text">
        <p>{t('unlock.done', { count: outcome.shoots.length + outcome.videos.length })}</p>
        <ul className="unlock-notice__groups">
          {outcome.shoots.length > 0 ? (
            <UnlockedList label={t('unlock.shoots', { count: outcome.shoots.length })} items={outcome.shoots} linkTo={(shoot) => paths.shoot(shoot.id)} />
          ) : null}
          {outcome.videos.length > 0 ? (
            <UnlockedList label={t('unlock.videos', { count: outcome.videos.length })} items={outcome.videos} linkTo={(video) => playLocation(here, video.id)} />
          ) : null}
        </ul>
      </div>
    );
  }
  return (
    <div className={`unlock-notice unlock-notice--${outcome?.kind ?? 'pending'}`} role="status" data-testid="unlock-notice">
      {body}
      {outcome ? (
        <button type="button" className="unlock-notice__close" onClick={() => setOutcome(null)} aria-label={t('unlock.dismiss')}>
          ×
        </button>
      ) : null}
    </div>
  );
}
