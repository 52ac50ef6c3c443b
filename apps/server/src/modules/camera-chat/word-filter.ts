// The model's word filter (decision record 036): a message is refused when it holds one of her words as a whole word,
// whatever its case and however it is spelt in Unicode. Both sides are compared after NFKC normalisation (full-width
// "ＢＡＤ", the ligature "ﬁ", superscripts and the like become their plain letters) and lower-casing; a word is whole
// when no letter, digit, combining mark or underscore touches it on either side, so "ass" does not catch "class".

/** One text as the filter compares it. */
export function foldForFilter(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFKC');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}_]';

/** A matcher for a list of words: the first banned word a text contains (as the model wrote it), or null. */
export function wordFilter(bannedWords: readonly string[]): (text: string) => string | null {
  const words = bannedWords.map((word) => ({ word, folded: foldForFilter(word.trim()) })).filter((w) => w.folded.length > 0);
  if (words.length === 0) return () => null;
  const patterns = words.map((w) => ({ word: w.word, pattern: new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(w.folded)}(?!${WORD_CHAR})`, 'u') }));
  return (text) => {
    const folded = foldForFilter(text);
    return patterns.find((p) => p.pattern.test(folded))?.word ?? null;
  };
}
