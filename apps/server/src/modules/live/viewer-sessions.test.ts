import { describe, expect, it } from 'vitest';
import { createViewerSessions } from './viewer-sessions';

describe('viewer sessions', () => {
  it('closes every WHEP session of one member on one camera, and only those', async () => {
    const closed: string[] = [];
    const viewers = createViewerSessions({ closeSession: async (id) => void closed.push(id) });
    viewers.add(1, 10, 'v-a');
    viewers.add(1, 10, 'v-b');
    viewers.add(1, 11, 'v-c');
    viewers.add(2, 10, 'v-d');
    viewers.add(1, 10, 'v-e');
    viewers.remove('v-e');
    await viewers.disconnectViewer(1, 10);
    expect(closed.sort()).toEqual(['v-a', 'v-b']);
    await viewers.disconnectViewer(1, 10);
    expect(closed).toHaveLength(2);
  });

  it('says who watches which camera, and forgets a room the media server counted empty', async () => {
    const closed: string[] = [];
    const viewers = createViewerSessions({ closeSession: async (id) => void closed.push(id) });
    viewers.add(1, 10, 'v-a');
    viewers.add(1, 11, 'v-b');
    viewers.add(2, 10, 'v-c');
    expect(viewers.watchers()).toEqual(new Map([[1, [10, 11]], [2, [10]]]));
    expect(viewers.holds(1, 11)).toBe(true);
    viewers.roomEmptied(1);
    expect(viewers.holds(1, 11)).toBe(false);
    expect(viewers.watchers()).toEqual(new Map([[2, [10]]]));
    // Forgotten, not closed: the media server closed them already.
    await viewers.disconnectViewer(1, 10);
    expect(closed).toEqual([]);
  });

  it('a media server that refuses to close (the session was gone already) does not fail the disconnect', async () => {
    const viewers = createViewerSessions({ closeSession: async () => Promise.reject(new Error('unknown-session')) });
    viewers.add(3, 30, 'v-x');
    await expect(viewers.disconnectViewer(3, 30)).resolves.toBeUndefined();
  });
});
