/** mulberry32: a small seeded generator; the same seed gives the same numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The generator of one numbered draw from a seed (match k of the simulator, frame n of a match). */
export const drawOf = (seed: number, n: number) => mulberry32((seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0);
