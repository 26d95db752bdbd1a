const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "Mar 4, 2026": a workflow's updated date. */
export function formatDate(iso: string): string {
  return format(dateFormat, iso);
}

/** "Mar 4, 2026, 3:07 PM": when a job was created. */
export function formatDateTime(iso: string): string {
  return format(dateTimeFormat, iso);
}
