import { createHash, randomBytes } from 'node:crypto';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Where the emulator's ids come from: random, or derived from a seed, so that every run with that
 * seed gives the default account, and what is seeded or created in the same order, the same ids
 * (a profile's learned project stays right across restarts, as it does on the real service).
 */
export class Ids {
  private drawn = 0;

  constructor(private readonly seed?: number) {}

  /** A version 4 UUID, as the service's ids. */
  uuid(): string {
    const bytes = this.bytes(16);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** `n` lower-case letters and digits (playback ids, stream keys). */
  chars(n: number): string {
    return Array.from(this.bytes(n), (b) => ALNUM[b % ALNUM.length]).join('');
  }

  private bytes(n: number): Buffer {
    if (this.seed === undefined) return randomBytes(n);
    this.drawn += 1;
    return createHash('sha256').update(`${this.seed}:${this.drawn}`).digest().subarray(0, n);
  }
}
