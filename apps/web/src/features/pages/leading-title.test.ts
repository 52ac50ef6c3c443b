import { describe, expect, it } from 'vitest';
import { withoutLeadingTitle } from './leading-title';

describe('withoutLeadingTitle (a document page shows its heading once)', () => {
  it('leaves out a first heading that reads the page title', () => {
    expect(withoutLeadingTitle('<h1>Members preview</h1><p>Hello</p>', 'Members preview')).toBe('<p>Hello</p>');
    expect(withoutLeadingTitle('\n  <h2> members  PREVIEW </h2><p>Hello</p>', 'Members preview')).toBe('\n  <p>Hello</p>');
  });

  it('keeps a first heading that says something else, a heading further down, and a body opening with text', () => {
    expect(withoutLeadingTitle('<h1>Welcome</h1><p>Hello</p>', 'Members preview')).toBe('<h1>Welcome</h1><p>Hello</p>');
    expect(withoutLeadingTitle('<p>Intro</p><h1>Members preview</h1>', 'Members preview')).toBe('<p>Intro</p><h1>Members preview</h1>');
    expect(withoutLeadingTitle('Intro <h1>Members preview</h1>', 'Members preview')).toBe('Intro <h1>Members preview</h1>');
  });

  it('keeps the body as it is when the page has no title', () => {
    expect(withoutLeadingTitle('<h1>Members preview</h1>', null)).toBe('<h1>Members preview</h1>');
  });
});
