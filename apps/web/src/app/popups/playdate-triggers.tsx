import type { Playdate } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { ROUTE_PATHS } from '@/paths';
import { PlaydateReminderToast } from '@/entities/playdate/playdate-reminder-toast';
import { useSession } from '@/features/auth/session';
import { usePlaydateFeedbackTrigger } from '@/features/playdates/feedback-trigger';
import { useContentLanguage } from '@/lib/content-language';
import { useRealtimeEvent } from '@/lib/realtime';
import { useSiteConfig } from '../site-config';

/** A reminder stays this long unless dismissed or followed. */
export const REMINDER_TOAST_MS = 5 * 60_000;

const PLAYDATE_SCREENS = [ROUTE_PATHS.privatePlaydate, ROUTE_PATHS.publicPlaydate, ROUTE_PATHS.extendPlaydate];

/** A logged-in member's playdates app-wide: the feedback question, and the reminder of a playdate starting soon. */
function LoggedInPlaydates({ userId }: { userId: number }) {
  const language = useContentLanguage();
  const { pathname } = useLocation();
  // Not over a playdate room or the extension screen: the question waits until he has left them.
  const held = PLAYDATE_SCREENS.some((pattern) => matchPath(pattern, pathname) !== null);
  usePlaydateFeedbackTrigger(userId, { held });
  const [reminder, setReminder] = useState<Playdate | null>(null);
  useRealtimeEvent<Playdate>(PLAYDATE_EVENTS.reminder, (playdate) => setReminder(playdate));
  useEffect(() => {
    if (reminder === null) return undefined;
    const timer = setTimeout(() => setReminder(null), REMINDER_TOAST_MS);
    return () => clearTimeout(timer);
  }, [reminder]);
  return <PlaydateReminderToast playdate={reminder} language={language} onDismiss={() => setReminder(null)} />;
}

/** Mounted once by the modal host: playdates exist for logged-in members on the main site only (product §1: io has none). */
export function PlaydateTriggers() {
  const { profile } = useSession();
  const { variant } = useSiteConfig();
  if (!profile || variant === 'io') return null;
  return <LoggedInPlaydates key={profile.id} userId={profile.id} />;
}
