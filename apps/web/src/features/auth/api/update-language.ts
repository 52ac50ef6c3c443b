import { useMutation } from '@tanstack/react-query';
import type { Language, StatusOk } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** Stores a logged-in user's language on the server (product §1). */
export function updateLanguage(lang: Language): Promise<StatusOk> {
  return requireData(call('user.lang', { body: { lang } }));
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
