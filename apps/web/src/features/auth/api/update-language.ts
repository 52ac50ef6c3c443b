import { useMutation } from '@tanstack/react-query';
import type { Language, StatusOk } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** Stores a logged-in user's language on the server (SPEC §1). */
export function updateLanguage(lang: Language): Promise<StatusOk> {
  return requireData(api.post<StatusOk>('/user/lang', { lang }));
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
