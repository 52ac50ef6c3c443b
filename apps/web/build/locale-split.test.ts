import { describe, expect, it } from 'vitest';
import { textsNamedIn } from './locale-split';

const MESSAGES = {
  app: { loading: 'Loading…' },
  landing: { title: 'Welcome', highlights: { live: { title: 'Live' } } },
  routes: { home: 'Home', videos: 'Videos' },
  videos: { resultCount_one: '{{count}} video', resultCount_other: '{{count}} videos' },
  studio: { title: 'Studio' },
};

describe('the first page English', () => {
  it('takes the texts the code names as keys, with their plural forms', () => {
    const sources = ["t('app.loading')", 'x("landing.title")', "t('videos.resultCount', { count })"];
    expect(textsNamedIn(sources, MESSAGES)).toEqual({
      app: { loading: 'Loading…' },
      landing: { title: 'Welcome' },
      videos: { resultCount_one: '{{count}} video', resultCount_other: '{{count}} videos' },
    });
  });

  it('takes everything under the literal start of a key built at run time', () => {
    expect(textsNamedIn(['t(`routes.${name}`)'], MESSAGES)).toEqual({ routes: MESSAGES.routes });
    expect(textsNamedIn(["t('landing.highlights.' + key)"], MESSAGES)).toEqual({ landing: { highlights: MESSAGES.landing.highlights } });
    expect(textsNamedIn(['t(`landing.highlights.${key}.title`)'], MESSAGES)).toEqual({ landing: { highlights: MESSAGES.landing.highlights } });
  });

  it('does not take an endpoint name, a file name or a lone word for a key', () => {
    const sources = ["call('videos.list')", "import('./studio.css')", '"studio.tsx"', "'studio'", "'landing.title.more'"];
    expect(textsNamedIn(sources, MESSAGES)).toEqual({});
  });

  it('merges keys of one section and leaves the messages unchanged', () => {
    const before = structuredClone(MESSAGES);
    const picked = textsNamedIn(["t('landing.highlights')", "t('landing.highlights.live.title')", "t('landing.title')"], MESSAGES);
    expect(picked).toEqual({ landing: MESSAGES.landing });
    expect(MESSAGES).toEqual(before);
  });
});
