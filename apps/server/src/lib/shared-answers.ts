import { deepFreeze } from './deep-freeze';

// A kept list page (lib/table-cache.ts) is the same object for every request until its tables change, but each answer
// adds what differs per request: the echoed parameters and the viewer's favourite marks. Most requests bring the same
// few variants (no marks at all, above all), so each variant's answer is built once, frozen and handed out again:
// the serializer (http/serialize-frozen-once.ts) then writes its JSON once, too (decision record 058).

/**
 * Variants kept per page. A page's answers differ by the echoed parameters and the viewer's marks; most requests bring
 * the few commonest (no marks at all, above all), and each kept variant holds its answer and its JSON (~20 KB for a
 * catalog page) for as long as its page is kept: with the page caches bounded by bytes (decision 056) this keeps the
 * variants within a few times the pages' own size. A rarer variant is built each time.
 */
export const SHARED_ANSWERS_PER_PAGE = 4;

export interface SharedAnswers<S extends object, A> {
  /** The answer of `source` for `variant`, built by `build` the first time and the same frozen object afterwards. */
  get(source: S, variant: string, build: () => A): A;
}

export function createSharedAnswers<S extends object, A>(options: { maxVariantsPerSource: number }): SharedAnswers<S, A> {
  // Weak: a page that leaves its cache takes its answers with it.
  const bySource = new WeakMap<S, Map<string, A>>();
  return {
    get(source, variant, build) {
      let variants = bySource.get(source);
      if (!variants) {
        variants = new Map();
        bySource.set(source, variants);
      }
      const known = variants.get(variant);
      if (known !== undefined) return known;
      const answer = build();
      // Past the bound a rare variant is still answered, only not kept.
      if (variants.size < options.maxVariantsPerSource) variants.set(variant, deepFreeze(answer));
      return answer;
    },
  };
}
