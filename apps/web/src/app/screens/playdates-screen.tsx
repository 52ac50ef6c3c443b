import { PlaydatesScreen } from '@/features/playdates/routes/playdates';
import { useProfile } from '@/features/auth/api/get-profile';

/**
 * /playdates (features/playdates) with product §4's two settings of the profile (playdate_block, upcoming_playdate_block):
 * the session is features/auth's, so the app hands them in, and reloads the profile once one was hidden.
 */
export default function PlaydatesWithSettings() {
  const { data, refetch } = useProfile();
  const settings = data?.settings;
  return <PlaydatesScreen showDescription={settings?.playdate_block ?? false} showUpcomingTip={settings?.upcoming_playdate_block ?? false} onSettingsChanged={() => refetch()} />;
}
