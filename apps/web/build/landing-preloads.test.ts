import { describe, expect, it } from 'vitest';
import { landingPreloadTags } from './landing-preloads';

const ROOT = '/app';
const BUNDLE = {
  'assets/index-a.js': { type: 'chunk', fileName: 'assets/index-a.js', facadeModuleId: '/app/index.html', imports: ['assets/react-b.js'], isEntry: true },
  'assets/react-b.js': { type: 'chunk', fileName: 'assets/react-b.js', facadeModuleId: null, imports: [], isEntry: false },
  'assets/landing-c.js': {
    type: 'chunk',
    fileName: 'assets/landing-c.js',
    facadeModuleId: '/app/src/app/screens/landing-screen.tsx',
    imports: ['assets/index-a.js', 'assets/teasers-d.js'],
    isEntry: false,
  },
  'assets/teasers-d.js': { type: 'chunk', fileName: 'assets/teasers-d.js', facadeModuleId: null, imports: ['assets/react-b.js'], isEntry: false },
  'assets/fraunces-latin-wght-normal-e.woff2': {
    type: 'asset',
    fileName: 'assets/fraunces-latin-wght-normal-e.woff2',
    originalFileNames: ['node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'],
  },
} as const;

describe('the landing preloads in index.html', () => {
  it('preloads the landing chunk and its imports the entry does not already bring, and the font', () => {
    const tags = landingPreloadTags(BUNDLE as never, ROOT, ['src/app/screens/landing-screen.tsx'], ['fraunces-latin-wght-normal.woff2']);
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: '', href: '/assets/landing-c.js' },
      { rel: 'modulepreload', crossorigin: '', href: '/assets/teasers-d.js' },
      { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: '/assets/fraunces-latin-wght-normal-e.woff2' },
    ]);
  });

  it('fails the build when a module or font it names is gone', () => {
    expect(() => landingPreloadTags(BUNDLE as never, ROOT, ['src/app/screens/renamed.tsx'], [])).toThrow(/renamed\.tsx/);
    expect(() => landingPreloadTags(BUNDLE as never, ROOT, [], ['inter-latin.woff2'])).toThrow(/inter-latin\.woff2/);
  });
});
