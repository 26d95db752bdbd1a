import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { QueueStats } from './queue-stats';

const stats = (estimated_wait_time: number) => ({
  processing: 1,
  queued: 2,
  submitting: 1,
  total_items: 1234,
  estimated_wait_time,
});

function statValue(label: string): string | null {
  return screen.getByText(label).parentElement?.querySelector('dd')?.textContent ?? null;
}

describe('queue stats', () => {
  it.each([
    [0, '0 min'],
    [1, '1 min'],
    [59, '1 min'],
    [60, '1 min'],
    [61, '2 min'],
    [119.5, '2 min'],
    [3600, '60 min'],
    [3601, '61 min'],
  ])('shows an estimated wait of %s seconds as %s (divided by 60, rounded up)', (seconds, shown) => {
    renderUi(<QueueStats stats={stats(seconds)} />);
    expect(statValue('Estimated wait')).toBe(shown);
  });

  it('shows each count, grouping thousands', () => {
    renderUi(<QueueStats stats={stats(30)} />);
    expect(statValue('Processing')).toBe('1');
    expect(statValue('Queued')).toBe('2');
    expect(statValue('Submitting')).toBe('1');
    expect(statValue('Total items')).toBe('1,234');
  });

  it('shows dashes until the queue has answered', () => {
    renderUi(<QueueStats stats={null} />);
    expect(statValue('Estimated wait')).toBe('–');
    expect(statValue('Total items')).toBe('–');
  });
});
