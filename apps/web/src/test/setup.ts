import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { takeQueuedPopups } from '@/features/compliance/popup-queue';

// App-level tests load lazy routes and popups; on a busy CI machine that takes longer than the library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// No unit test opens a real socket: the page's realtime connection (lib/realtime) gets one that never connects.
vi.mock('socket.io-client', async () => {
  const { createOfflineSocket } = await import('@/test/offline-socket');
  return { io: () => createOfflineSocket() };
});

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  // A popup queued by a skipped route (module state) must not open in the next test of the file.
  takeQueuedPopups();
});
