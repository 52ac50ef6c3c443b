import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// No unit test opens a real socket: the page's realtime connection (lib/realtime) gets one that never connects.
vi.mock('socket.io-client', async () => {
  const { createOfflineSocket } = await import('@/lib/realtime/offline-socket');
  return { io: () => createOfflineSocket() };
});

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});
