const countFormat = new Intl.NumberFormat('en-US');

/** Counts such as queued items can reach six digits; group them so they stay readable. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
