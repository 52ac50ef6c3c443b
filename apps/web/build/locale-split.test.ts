import { describe, expect, it } from 'vitest';
import { pickSections, sectionsNamedIn } from './locale-split';

const MESSAGES = {
  app: { loading: 'Loading…' },
  landing: { title: 'Welcome', highlights: { live: { title: 'Live' } } },
  routes: { home: 'Home', videos: 'Videos' },
  videos: { resultCount: '{{count}} videos' },
  studio: { title: 'Studio' },
};

describe('the first page English', () => {
  it('takes the sections the code names as keys, literal or built at run time', () => {
    const sources = ["t('app.loading')", 'x("landing.title")', 't(`routes.${name}`)'];
    expect(sectionsNamedIn(sources, MESSAGES)).toEqual(['app', 'landing', 'routes']);
  });

  it('does not take an endpoint name or a file name for a key', () => {
    const sources = ["call('videos.list')", "import('./studio.css')", '"studio.tsx"'];
    expect(sectionsNamedIn(sources, MESSAGES)).toEqual([]);
  });

  it('finds a key below a section by its first part', () => {
    expect(sectionsNamedIn(['t(`landing.highlights.${key}.title`)'], MESSAGES)).toEqual(['landing']);
  });

  it('picks whole sections, in the order given, skipping unknown ones', () => {
    expect(pickSections(MESSAGES, ['routes', 'app', 'nothing'])).toEqual({ routes: MESSAGES.routes, app: MESSAGES.app });
  });
});
