import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlockedContent } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { unlockedQueryOptions } from './get-unlocked';

/** POST /videos/unlocked {token}: adds the token's shoots and videos to the member's unlocked list. */
export function redeemUnlockToken(token: string): Promise<UnlockedContent> {
  return requireData(call('videos.unlock', { body: { token } }));
}

export function useRedeemUnlockToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemUnlockToken,
    onSuccess: async (unlocked) => {
      queryClient.setQueryData(unlockedQueryOptions().queryKey, unlocked);
      // Playability and shoot access changed: every video and shoot view asks again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'videos' || q.queryKey[1] !== 'unlocked' });
    },
  });
}
