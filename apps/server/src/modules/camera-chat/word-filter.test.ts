import { describe, expect, it } from 'vitest';
import { wordFilter } from './word-filter';

describe('the word filter', () => {
  const filter = wordFilter(['spam', 'Bad Word', 'straße', 'c++']);

  it.each([
    ['spam', 'spam'],
    ['SPAM please', 'spam'],
    ['buy Spam!', 'spam'],
    ['(spam)', 'spam'],
    ['ｓｐａｍ in full width', 'spam'],
    ['a bad   word', null],
    ['a BAD WORD here', 'Bad Word'],
    ['die STRASSE', null],
    ['die Straße', 'straße'],
    ['I like c++ a lot', 'c++'],
  ])('finds %j → %j', (text, found) => {
    expect(filter(text)).toBe(found);
  });

  it.each(['spammer', 'antispam', 'spam_bot', 'spam2', 'spamé', 'nothing here', 'c+'])('lets %j through: only whole words count', (text) => {
    expect(filter(text)).toBeNull();
  });

  it('matches a word written with compatibility characters once normalised (ligature ﬁ is fi)', () => {
    expect(wordFilter(['fine'])('that is ﬁne')).toBe('fine');
    expect(wordFilter(['ﬁne'])('that is FINE')).toBe('ﬁne');
  });

  it('filters nothing with no words, or only blank ones', () => {
    expect(wordFilter([])('spam')).toBeNull();
    expect(wordFilter(['  '])('spam')).toBeNull();
  });
});
