import { QUICK_DATE_RANGES } from '@atelier/shared';

export type QuickRange = (typeof QUICK_DATE_RANGES)[number];

/** A local calendar day as the API takes it (YYYY-MM-DD). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAYS_BACK: Record<QuickRange, number | null> = { Today: 0, '7 days': 6, '30 days': 29, 'All Time': null };

/** SPEC section 9: Today, the last 7 or 30 days including today, or no bounds at all. */
export function quickRange(range: QuickRange, today = new Date()): { dateFrom: string; dateTo: string } {
  const back = DAYS_BACK[range];
  if (back === null) return { dateFrom: '', dateTo: '' };
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
  return { dateFrom: isoDay(from), dateTo: isoDay(today) };
}

/** The quick range the current dates amount to, so its button shows pressed. */
export function activeQuickRange(dateFrom: string, dateTo: string, today = new Date()): QuickRange | null {
  return (
    QUICK_DATE_RANGES.find((range) => {
      const r = quickRange(range, today);
      return r.dateFrom === dateFrom && r.dateTo === dateTo;
    }) ?? null
  );
}
