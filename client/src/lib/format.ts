const countFormat = new Intl.NumberFormat('en-US');

/** Counts such as queued items can reach six digits; group them so they stay readable. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A grouped count with its noun, singular for exactly one: '1 job', '12,000 images'. */
export function formatCountOf(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}
