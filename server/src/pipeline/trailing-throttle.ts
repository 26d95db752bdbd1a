interface Slot<V> {
  sentAt: number;
  held?: { value: V };
  timer?: NodeJS.Timeout;
}

/**
 * At most one send per key per interval, the newest value held back going out when the interval
 * ends: dropping it instead left the browser on an older state whenever nothing followed within
 * the interval (the last item before a stall, a sampler step before a long decode).
 */
export class TrailingThrottle<K, V> {
  private readonly slots = new Map<K, Slot<V>>();

  constructor(
    private readonly intervalMs: number,
    private readonly send: (value: V) => void,
  ) {}

  /** Sends `value` now when `urgent` or the interval has passed, else holds it (replacing an older one). */
  offer(key: K, value: V, urgent: boolean): void {
    const slot = this.slots.get(key);
    const now = Date.now();
    if (!slot || urgent || now - slot.sentAt >= this.intervalMs) {
      clearTimeout(slot?.timer);
      this.slots.set(key, { sentAt: now });
      this.send(value);
      return;
    }
    slot.held = { value };
    slot.timer ??= setTimeout(() => this.sendHeld(key), slot.sentAt + this.intervalMs - now);
  }

  /** Drops the key, and whatever was held for it. */
  forget(key: K): void {
    clearTimeout(this.slots.get(key)?.timer);
    this.slots.delete(key);
  }

  close(): void {
    for (const key of [...this.slots.keys()]) this.forget(key);
  }

  private sendHeld(key: K): void {
    const held = this.slots.get(key)?.held;
    if (!held) return;
    this.slots.set(key, { sentAt: Date.now() });
    this.send(held.value);
  }
}
