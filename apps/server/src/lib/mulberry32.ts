/**
 * mulberry32: a small, fast seeded generator of numbers in [0, 1). Not for secrets: for what must look varied and come
 * out the same again from the same seed (demo data, placeholder pictures, a test's random plan).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
