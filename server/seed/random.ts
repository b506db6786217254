// A small seeded random generator for the bulk of the seed (match simulation calls it millions of times, where
// faker's helpers would be slow). Faker, seeded too, is used for names and addresses only.

/** mulberry32: 32-bit state, good enough spread for test data, and identical on every platform. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Lista vuota')
    return items[Math.floor(this.next() * items.length)]!
  }

  weighted<T>(items: readonly { weight: number; value: T }[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0)
    let r = this.next() * total
    for (const item of items) {
      r -= item.weight
      if (r < 0) return item.value
    }
    return items[items.length - 1]!.value
  }

  /** Approximately normal (sum of uniforms), cheap and bounded. */
  normal(mean: number, sd: number): number {
    return mean + sd * (this.next() + this.next() + this.next() + this.next() - 2) * 1.7320508
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }

  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return this.shuffle(items)
    const chosen = new Set<number>()
    while (chosen.size < count) chosen.add(Math.floor(this.next() * items.length))
    return [...chosen].map((i) => items[i]!)
  }
}
