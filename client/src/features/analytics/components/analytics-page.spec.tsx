import type { Analytics } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { analyticsQueryOptions } from '../api/get-analytics';
import { percentOf } from './system-stats';
import { busiestText } from './usage-by-hour-chart';

function analytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    view_type: 'system',
    system_stats: {
      total_jobs: 40,
      completed_jobs: 30,
      failed_jobs: 4,
      processing_jobs: 1,
      queued_jobs: 2,
      avg_processing_time: 125,
      active_users: 6,
      first_job_date: '2026-01-02T08:00:00.000Z',
    },
    popular_workflows: Array.from({ length: 7 }, (_, i) => ({
      workflow_id: i + 1,
      workflow_name: `Workflow ${i + 1}`,
      job_count: 20 - i,
      completed_count: 10,
      avg_duration: 12,
    })),
    active_users: Array.from({ length: 6 }, (_, i) => ({
      user_id: i + 1,
      username: `user${i + 1}`,
      job_count: 9 - i,
      completed_count: 5,
      last_activity: '2026-03-01T10:00:00.000Z',
    })),
    usage_by_hour: [
      { hour: 9, job_count: 4 },
      { hour: 14, job_count: 11 },
    ],
    ...overrides,
  };
}

describe('analytics page', () => {
  it("titles a personal view 'My Analytics', whatever the role guessed before the answer", async () => {
    const { queryClient } = renderApp('/dashboard', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(analyticsQueryOptions('30days').queryKey, analytics({ view_type: 'personal' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Analytics' })).toBeInTheDocument();
    expect(screen.queryByText('System Admin View')).not.toBeInTheDocument();
  });

  it('shows a super admin the system view with its badge, stats, top 5 lists and usage by hour', async () => {
    const { queryClient } = renderApp('/dashboard', { user: testUser('super_admin') });
    act(() => {
      queryClient.setQueryData(analyticsQueryOptions('30days').queryKey, analytics());
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'System Analytics' })).toBeInTheDocument();
    expect(screen.getByText('System Admin View')).toBeInTheDocument();
    expect(screen.getByText('75% of all jobs')).toBeInTheDocument();
    expect(screen.getByText('2 min 5 s')).toBeInTheDocument();

    const workflows = screen.getByRole('table', { name: 'Popular workflows' });
    expect(within(workflows).getAllByRole('row')).toHaveLength(1 + 5);
    const users = screen.getByRole('table', { name: 'Active users' });
    expect(within(users).getAllByRole('row')).toHaveLength(1 + 5);

    expect(screen.getByText('Busiest: 14:00 (11 jobs)')).toBeInTheDocument();
    expect(screen.getByText('14:00: 11 jobs')).toBeInTheDocument();
    expect(screen.getByText('03:00: 0 jobs')).toBeInTheDocument();
  });

  it('starts on 30days and switches period', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/dashboard', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(analyticsQueryOptions('30days').queryKey, analytics({ view_type: 'personal' }));
    });

    for (const period of ['7days', '30days', '90days']) {
      expect(screen.getByRole('radio', { name: period })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: '30days' })).toBeChecked();

    await user.click(screen.getByText('7days'));
    expect(screen.getByRole('radio', { name: '7days' })).toBeChecked();
    act(() => {
      queryClient.setQueryData(
        analyticsQueryOptions('7days').queryKey,
        analytics({ view_type: 'personal', system_stats: { ...analytics().system_stats, total_jobs: 3 } }),
      );
    });
    const totalJobs = () => screen.getByText('Total jobs').parentElement?.querySelector('dd')?.textContent;
    await expect.poll(() => totalJobs()).toBe('3');
  });

  it("says '1 job' for an hour with a single job", async () => {
    const { queryClient } = renderApp('/dashboard', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(
        analyticsQueryOptions('30days').queryKey,
        analytics({ view_type: 'personal', usage_by_hour: [{ hour: 5, job_count: 1 }] }),
      );
    });
    expect(await screen.findByText('Busiest: 05:00 (1 job)')).toBeInTheDocument();
    expect(screen.getByText('05:00: 1 job')).toBeInTheDocument();
    expect(screen.getByText('06:00: 0 jobs')).toBeInTheDocument();
  });

  it("names the personal view's figures as the viewer's, and each ranking's completed count under the name for phones", async () => {
    const { queryClient } = renderApp('/dashboard', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(analyticsQueryOptions('30days').queryKey, analytics({ view_type: 'personal' }));
    });
    expect(await screen.findByRole('group', { name: 'Your stats' })).toBeInTheDocument();
    const workflows = screen.getByRole('table', { name: 'Popular workflows' });
    expect(within(workflows).getAllByText('10 completed')).toHaveLength(5);
    const users = screen.getByRole('table', { name: 'Active users' });
    expect(within(users).getAllByText(/^5 completed, last active Mar 1, 2026/)).toHaveLength(5);
  });
});

describe('analytics figures', () => {
  it('says 100% and 0% only when they are', () => {
    expect(percentOf(30, 40)).toBe('75%');
    expect(percentOf(12_356, 12_366)).toBe('99%');
    expect(percentOf(7, 7)).toBe('100%');
    expect(percentOf(1, 1000)).toBe('under 1%');
    expect(percentOf(0, 9)).toBe('0%');
  });

  it('names every busiest hour of a tie, up to three', () => {
    const usage = (counts: Record<number, number>) =>
      Array.from({ length: 24 }, (_, hour) => ({ hour, job_count: counts[hour] ?? 0 }));
    expect(busiestText(usage({}))).toBe('No jobs in this period.');
    expect(busiestText(usage({ 9: 3, 14: 2 }))).toBe('Busiest: 09:00 (3 jobs)');
    expect(busiestText(usage({ 9: 3, 14: 3 }))).toBe('Busiest: 09:00, 14:00 (3 jobs each)');
    expect(busiestText(usage({ 1: 1, 5: 1, 9: 1, 14: 1, 20: 1 }))).toBe(
      'Busiest: 01:00, 05:00, 09:00 and 2 more (1 job each)',
    );
  });
});
