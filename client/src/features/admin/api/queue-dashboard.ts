import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const QUEUE_DASHBOARD_URL = '/admin/queues';

/** The dashboard is a server page: the API first hands this browser a cookie holding the session token. */
export async function openQueueDashboard(): Promise<void> {
  await apiRequest('/admin/queue-dashboard/session', z.undefined(), { method: 'POST' });
  window.location.assign(QUEUE_DASHBOARD_URL);
}

/** Sign-out: the dashboard's cookie holds the same token, so this browser must forget it too. */
export function forgetQueueDashboard(): void {
  // best effort, and it must outlive the page's navigation to the login screen
  void fetch('/api/admin/queue-dashboard/session', { method: 'DELETE', keepalive: true }).catch(() => undefined);
}
