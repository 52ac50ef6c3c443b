import { api } from '@/lib/http';

/** POST /feature/view/{id}: the feature-introduce popup was shown (the profile then says introduce_seen). */
export async function viewFeature(feature: string): Promise<void> {
  await api.post(`/feature/view/${encodeURIComponent(feature)}`, undefined, { keepalive: true });
}
