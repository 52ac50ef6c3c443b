import { describe, expect, it, vi } from 'vitest';
import { createSharedAnswers } from './shared-answers';

describe('createSharedAnswers', () => {
  it('builds the answer of a page and variant once and hands out the same frozen object', () => {
    const answers = createSharedAnswers<object, { items: { id: number; marked: boolean }[] }>({ maxVariantsPerSource: 4 });
    const page = {};
    const build = vi.fn(() => ({ items: [{ id: 1, marked: false }] }));
    const first = answers.get(page, 'no marks', build);
    expect(answers.get(page, 'no marks', build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.items[0])).toBe(true);
  });

  it('keeps variants of one page and the same variant of two pages apart', () => {
    const answers = createSharedAnswers<object, { marks: string }>({ maxVariantsPerSource: 4 });
    const [pageA, pageB] = [{}, {}];
    const a1 = answers.get(pageA, '1', () => ({ marks: 'a1' }));
    const a2 = answers.get(pageA, '2', () => ({ marks: 'a2' }));
    const b1 = answers.get(pageB, '1', () => ({ marks: 'b1' }));
    expect([a1.marks, a2.marks, b1.marks]).toEqual(['a1', 'a2', 'b1']);
    expect(answers.get(pageA, '2', () => ({ marks: 'rebuilt' }))).toBe(a2);
  });

  it('past the bound answers a new variant without keeping it', () => {
    const answers = createSharedAnswers<object, { n: number }>({ maxVariantsPerSource: 1 });
    const page = {};
    answers.get(page, 'kept', () => ({ n: 0 }));
    const rare = answers.get(page, 'rare', () => ({ n: 1 }));
    expect(rare).toEqual({ n: 1 });
    expect(Object.isFrozen(rare)).toBe(false);
    expect(answers.get(page, 'rare', () => ({ n: 2 }))).toEqual({ n: 2 });
  });
});
