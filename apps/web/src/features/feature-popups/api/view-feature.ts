import { call } from '@/lib/http/call';

/** POST /feature/view/{id}: the feature-introduce popup was shown (the profile then says introduce_seen). */
export async function viewFeature(feature: string): Promise<void> {
  await call('features.view', { params: { id: feature } }, { keepalive: true });
}
