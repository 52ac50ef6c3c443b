import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from './landing-budget';
import { formatBudget, landingBudget, landingFiles, servedSize } from './landing-budget';

// A build of the shape Vite writes: the entry imports React statically, lazily the landing, the videos and the
// player; the landing shares a chunk with the videos and imports a chunk of its own.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b2.js'],
    dynamicImports: ['src/app/screens/landing-screen.tsx', 'src/features/videos/routes/videos.tsx', 'src/features/player/player.tsx'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_cards-c3.js': { file: 'assets/cards-c3.js', imports: ['index.html'] },
  '_teasers-d4.js': { file: 'assets/teasers-d4.js', imports: ['_cards-c3.js'], dynamicImports: ['src/features/player/player.tsx'] },
  '_style.css': { file: 'assets/style-e5.css' },
  'src/app/screens/landing-screen.tsx': {
    file: 'assets/landing-screen-f6.js',
    src: 'src/app/screens/landing-screen.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_teasers-d4.js', '_style.css'],
    dynamicImports: ['src/features/player/player.tsx'],
  },
  'src/features/videos/routes/videos.tsx': { file: 'assets/videos-g7.js', isDynamicEntry: true, imports: ['index.html', '_cards-c3.js'] },
  'src/features/player/player.tsx': { file: 'assets/player-h8.js', isDynamicEntry: true, imports: ['index.html'] },
};

const SIZES: Record<string, number> = {
  'assets/index-a1.js': 30_000,
  'assets/react-b2.js': 45_000,
  'assets/cards-c3.js': 4_000,
  'assets/teasers-d4.js': 3_000,
  'assets/landing-screen-f6.js': 5_000,
  'assets/videos-g7.js': 9_000,
  'assets/player-h8.js': 160_000,
};
const sizeOf = (file: string) => SIZES[file] ?? NaN;
const FIRST_RENDER = ['src/app/screens/landing-screen.tsx'];

describe('the landing page budget', () => {
  it('counts the entry, its static imports and the first-render chunks with theirs, each file once', () => {
    expect(landingFiles(MANIFEST, FIRST_RENDER).sort()).toEqual(
      ['assets/cards-c3.js', 'assets/index-a1.js', 'assets/landing-screen-f6.js', 'assets/react-b2.js', 'assets/teasers-d4.js'].sort(),
    );
  });

  it('leaves out what loads later: dynamic imports (the player), other routes, stylesheets', () => {
    const files = landingFiles(MANIFEST, FIRST_RENDER);
    expect(files).not.toContain('assets/player-h8.js');
    expect(files).not.toContain('assets/videos-g7.js');
    expect(files.some((file) => file.endsWith('.css'))).toBe(false);
  });

  it('adds the sizes and passes at the limit, fails one byte past it', () => {
    const total = 30_000 + 45_000 + 4_000 + 3_000 + 5_000;
    expect(landingBudget(MANIFEST, sizeOf, { firstRender: FIRST_RENDER, limit: total })).toMatchObject({ bytes: total, withinLimit: true });
    const over = landingBudget(MANIFEST, sizeOf, { firstRender: FIRST_RENDER, limit: total - 1 });
    expect(over.withinLimit).toBe(false);
    expect(over.files[0]).toEqual({ file: 'assets/react-b2.js', bytes: 45_000 });
  });

  it('names the bytes, the limit and the excess when over', () => {
    const message = formatBudget(landingBudget(MANIFEST, sizeOf, { firstRender: FIRST_RENDER, limit: 80_000, goal: 50_000 }));
    expect(message).toContain("goal: 50000 bytes, 48.8 KB; 37000 bytes to go");
    expect(message).toContain('87000 bytes');
    expect(message).toContain('limit of 80000 bytes');
    expect(message).toContain('by 7000 bytes');
    expect(message).toContain('assets/react-b2.js');
  });

  it('refuses a first-render module the build does not have, naming it', () => {
    expect(() => landingFiles(MANIFEST, ['src/app/screens/renamed.tsx'])).toThrow(/src\/app\/screens\/renamed\.tsx/);
  });
});

describe('a file as served', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is its brotli copy when the build wrote one, else brotli of the file, or the file itself under the threshold', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-budget-'));
    const text = 'export const a = "landing";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'with-copy.js'), text);
    fs.writeFileSync(path.join(dir, 'with-copy.js.br'), Buffer.alloc(123));
    fs.writeFileSync(path.join(dir, 'without-copy.js'), text);
    fs.writeFileSync(path.join(dir, 'small.js'), 'export {};\n');
    expect(servedSize(dir, 'with-copy.js', 1024)).toBe(123);
    expect(servedSize(dir, 'without-copy.js', 1024)).toBe(zlib.brotliCompressSync(text).length);
    expect(servedSize(dir, 'small.js', 1024)).toBe(11);
  });
});
