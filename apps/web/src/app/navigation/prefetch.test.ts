import { describe, expect, it, vi } from 'vitest';
import type { RouteDefinition } from '../route-types';
import { createPrefetcher } from './prefetch';

const route = (name: string, path: string): RouteDefinition => ({
  name,
  path,
  titleKey: 'landing',
  layout: 'auto',
  requiresAuth: false,
  requiresPremium: false,
  lawLimited: false,
  screen: vi.fn(() => Promise.resolve({ default: () => null })),
});

const BASE = 'https://velora.test/';

describe('prefetch on intent', () => {
  it('loads the screen a link leads to, once, through the loader the router uses', async () => {
    const videos = route('videos', '/videos');
    const model = route('modelProfile', '/model/:name');
    const screenOf = vi.fn((r: RouteDefinition) => r.screen);
    const prefetch = createPrefetcher([route('home', '/'), videos, model], screenOf);
    prefetch('/videos?page=2', BASE);
    prefetch('https://velora.test/videos', BASE);
    prefetch('/model/anna', BASE);
    await Promise.resolve();
    expect(videos.screen).toHaveBeenCalledTimes(1);
    expect(model.screen).toHaveBeenCalledTimes(1);
  });

  it('loads a dialog by its hash, and no screen for a link to the page itself', () => {
    const home = route('home', '/');
    const logIn = vi.fn(() => Promise.resolve());
    const prefetch = createPrefetcher([home], (r) => r.screen, { '#log_in': logIn });
    prefetch('/?redirect=%2Fvideos#log_in', BASE);
    expect(logIn).toHaveBeenCalledTimes(1);
    expect(home.screen).not.toHaveBeenCalled();
  });

  it('ignores other sites and unknown paths, and tries a failed load again', async () => {
    const videos = route('videos', '/videos');
    vi.mocked(videos.screen).mockRejectedValueOnce(new Error('offline'));
    const prefetch = createPrefetcher([videos], (r) => r.screen);
    prefetch('https://elsewhere.test/videos', BASE);
    prefetch('/nothing-here', BASE);
    expect(videos.screen).not.toHaveBeenCalled();
    prefetch('/videos', BASE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetch('/videos', BASE);
    expect(videos.screen).toHaveBeenCalledTimes(2);
  });
});
