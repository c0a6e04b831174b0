import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** 32-bit FNV-1a of a seed and keys: gives each generated series its own stream. */
export function seedFor(seed: number, ...keys: string[]): number {
  let h = 0x811c9dc5 ^ seed;
  for (const key of keys) {
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x2f;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** A seeded random stream: the same seed gives the same numbers on every machine. */
export class Random {
  private readonly gen;
  private spare: number | undefined;

  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed);
  }

  static for(seed: number, ...keys: string[]): Random {
    return new Random(seedFor(seed, ...keys));
  }

  /** Uniform in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  int(lo: number, hiInclusive: number): number {
    return lo + Math.floor(this.float() * (hiInclusive - lo + 1));
  }

  /** Standard normal (Marsaglia polar method). */
  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    for (;;) {
      const u = this.float() * 2 - 1;
      const v = this.float() * 2 - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const m = Math.sqrt((-2 * Math.log(s)) / s);
        this.spare = v * m;
        return u * m;
      }
    }
  }
}
