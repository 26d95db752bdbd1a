import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { toaster } from '../../../components/toaster';
import { ApiError } from '../../../lib/api-error';
import { openQueueDashboard } from '../api/queue-dashboard';

/** Opens Bull Board (the generation queue's entries, retries and failures) in this tab. */
export function QueueDashboardButton() {
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    openQueueDashboard().catch((error: unknown) => {
      setOpening(false);
      toaster.create({
        type: 'error',
        title: 'Could not open the queue dashboard',
        description: error instanceof ApiError && error.message ? error.message : undefined,
      });
    });
  };
  return (
    <BusyButton size="sm" variant="outline" onClick={open} loading={opening}>
      Queue dashboard
    </BusyButton>
  );
}
