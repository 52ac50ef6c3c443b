import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlockRedemption } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { unlockedQueryOptions } from './get-unlocked';

/** POST /videos/unlocked {token}: adds the token's shoots and videos to the member's unlocked list; answers it and the token's content by title. */
export function redeemUnlockToken(token: string): Promise<UnlockRedemption> {
  return requireData(call('videos.unlock', { body: { token } }));
}

export function useRedeemUnlockToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemUnlockToken,
    onSuccess: async ({ galleries, videos }) => {
      queryClient.setQueryData(unlockedQueryOptions().queryKey, { galleries, videos });
      // Playability and shoot access changed: every video and shoot view asks again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'videos' || q.queryKey[1] !== 'unlocked' });
    },
  });
}
