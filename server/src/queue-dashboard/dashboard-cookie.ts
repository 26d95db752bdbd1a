/** The path Bull Board is mounted at, outside /api so its UI and its own API live together. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * A browser cannot put a bearer header on a page load, so the Admin area hands the same JWT to the
 * dashboard as a cookie scoped to its path: HttpOnly (no script reads it), SameSite=Strict (no other
 * site's page can make the browser send it, which is the dashboard's CSRF defence).
 */
export const DASHBOARD_COOKIE = 'atelier_queue_dashboard';

export function dashboardCookie(token: string, maxAgeS: number, secure: boolean): string {
  const attributes = [
    `${DASHBOARD_COOKIE}=${token}`,
    `Path=${QUEUE_DASHBOARD_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The same cookie, empty and already expired: the browser drops it. */
export function expiredDashboardCookie(secure: boolean): string {
  return dashboardCookie('', 0, secure);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function bearerToken(header: string | undefined): string | undefined {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}
