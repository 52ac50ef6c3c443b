import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession, withLogoutMarker } from './session';

/** Logs out; with a destination the user lands there with `?logout=true` (product §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (destination?: string) =>
      endSession(queryClient, destination === undefined ? {} : { navigate: () => navigate(withLogoutMarker(destination)) }),
    [queryClient, navigate],
  );
}
