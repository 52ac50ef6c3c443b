import { useQueryClient } from '@tanstack/react-query';
import type { PlaydateStatusEvent } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { openSitePopup, usePopupDecision } from '@/components/popups/popup-moment';
import { useRealtimeEvent } from '@/lib/realtime';
import { feedbackAsksQueryOptions } from './api/get-feedback-asks';

/** The users asked at start during this page load (a log-out and another log-in ask again). */
const askedFor = new Set<number>();

/** For tests: a new page load. */
export function resetPlaydateFeedbackTrigger(): void {
  askedFor.clear();
}

/**
 * Opens the playdate-feedback popup when a finished private playdate waits for the member's rating: once at start
 * (per page load), and when one of his playdates ends (PLAYDATE_EVENTS.status finished; after its extension window,
 * since he may still extend it). Goes through the popup gate (decision 046: no other popup, no playing video, no form
 * being filled in) and waits while `held` (he is in a playdate room or
 * on the extension screen, which asks by itself once the playdate is over); the server decides whether there is an ask.
 */
export function usePlaydateFeedbackTrigger(userId: number, { held = false }: { held?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const [due, setDue] = useState(false);
  const decision = usePopupDecision('playdate-feedback');
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const ask = useRef(async () => {
    try {
      await queryClient.invalidateQueries({ queryKey: feedbackAsksQueryOptions().queryKey, refetchType: 'none' });
      const asks = await queryClient.fetchQuery(feedbackAsksQueryOptions());
      if (asks.items.length > 0) setDue(true);
    } catch {
      // No question this time: it is asked again on the next start.
    }
  });

  useEffect(() => {
    if (askedFor.has(userId)) return;
    askedFor.add(userId);
    void ask.current();
  }, [userId]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useRealtimeEvent<PlaydateStatusEvent>(PLAYDATE_EVENTS.status, (event) => {
    if (event.playdate.kind !== 'private' || event.status.status !== 'finished' || event.playdate.member?.id !== userId) return;
    const until = event.status.extendable_until;
    const waitMs = until === null ? 0 : Math.max(0, until - event.status.now) * 1000 + 1000;
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void ask.current();
    }, waitMs);
    timers.current.add(timer);
  });

  useEffect(() => {
    if (!due || decision !== 'open' || held) return undefined;
    // After the navigation's close-all (product §2) has run, like the other popups opened at start.
    const timer = setTimeout(() => {
      if (openSitePopup('playdate-feedback') !== 'wait') setDue(false);
    }, 0);
    return () => clearTimeout(timer);
  }, [due, decision, held]);
}
