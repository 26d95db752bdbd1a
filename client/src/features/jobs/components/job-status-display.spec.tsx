import { MESSAGES, type Job } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/job-factory';
import { renderUi } from '../../../test/render-ui';
import { JobOutcomePanel } from './job-outcome-panel';
import { JobStatusBadge } from './job-status-badge';

const rejection = (batch_index: number, reason: string) => ({
  batch_index,
  reason,
  timestamp: '2026-03-01T10:00:05.000Z',
});

function badge(status: string) {
  const { container } = renderUi(<JobStatusBadge status={status} />);
  const element = container.querySelector(`[data-status="${status}"]`);
  if (!(element instanceof HTMLElement)) throw new Error('no badge rendered');
  return element;
}

function renderPanel(job: Job) {
  return renderUi(<JobOutcomePanel job={job} />);
}

describe('job status badge (SPEC section 4)', () => {
  it.each([
    ['completed', 'Completed', 'green', 'check'],
    ['processing', 'Processing', 'orange', 'spinner'],
    ['queued', 'Queued', 'blue', 'clock'],
    ['failed', 'Failed', 'red', 'cross'],
    ['cancelled', 'Cancelled', 'gray', 'ban'],
    ['partial_success', 'Partial Success', 'yellow', 'alert'],
    ['submitting', 'Submitting', 'cyan', 'upload'],
  ])('shows %s as %s in %s', (status, label, palette, icon) => {
    const element = badge(status);
    expect(element).toHaveTextContent(label);
    // Chakra colours a badge through its palette variables.
    expect(getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-fg')).toBe(
      `var(--chakra-colors-${palette}-fg)`,
    );
    expect(element.querySelector('svg')).toHaveAttribute('data-icon', icon);
  });

  it('reads any other value as unknown', () => {
    for (const status of ['paused', '', 'COMPLETED', 'toString']) {
      expect(badge(status)).toHaveTextContent('Unknown');
    }
  });
});

describe('job outcome panel (SPEC section 4)', () => {
  it('adds nothing to a completed, queued or processing job: the badge says it all', () => {
    for (const status of ['completed', 'queued', 'processing'] as const) {
      const { container, unmount } = renderPanel(makeJob({ status }));
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('lists the rejected images of a partial success', () => {
    renderPanel(
      makeJob({
        status: 'partial_success',
        batch_size: 4,
        batch_completed: 2,
        rejection_count: 2,
        rejection_reasons: [rejection(3, 'post-classification: nsfw'), rejection(1, 'pre-classification: gore')],
      }),
    );
    const panel = screen.getByRole('status');
    expect(within(panel).getByText('Partial Success')).toBeInTheDocument();
    expect(panel).toHaveTextContent('2 of 4 images were generated; 2 were rejected.');
    const items = within(screen.getByRole('list', { name: 'Rejected images' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Image 2 (batch index 1): pre-classification: gore',
      'Image 4 (batch index 3): post-classification: nsfw',
    ]);
  });

  it('says why the other images of a partial success were not generated', () => {
    renderPanel(
      makeJob({
        status: 'partial_success',
        batch_size: 5,
        batch_completed: 2,
        rejection_count: 1,
        rejection_reasons: [rejection(0, 'pre-classification: gore')],
        error_message: 'The generation server refused the API key (401)',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 of 5 images were generated; 1 was rejected. 2 could not be generated: The generation server refused the API key (401)',
    );
  });

  it('explains a failure with no images and rejection reasons as a content policy violation', () => {
    renderPanel(
      makeJob({
        status: 'failed',
        batch_size: 2,
        batch_completed: 0,
        rejection_count: 2,
        rejection_reasons: [rejection(0, 'blocked word "gore"'), rejection(1, 'blocked word "gore"')],
        error_message: 'ignored when there are rejections',
      }),
    );
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Content Policy Violation')).toBeInTheDocument();
    expect(panel).toHaveTextContent(/violated our acceptable use policies/);
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Image 1 (batch index 0): blocked word "gore"', 'Image 2 (batch index 1): blocked word "gore"']);
    expect(panel).not.toHaveTextContent('Generation Failed');
    expect(panel).not.toHaveTextContent('could not be generated');
  });

  it('says why the items of a refused job that were not refused failed too', () => {
    renderPanel(
      makeJob({
        status: 'failed',
        batch_size: 3,
        batch_completed: 0,
        rejection_count: 1,
        rejection_reasons: [rejection(0, 'blocked word "gore"')],
        error_message: 'Timed out after 1800 s on the external generation server',
      }),
    );
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Content Policy Violation')).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      '2 could not be generated: Timed out after 1800 s on the external generation server',
    );
  });

  it("shows a failure without rejections by its error message under 'Generation Failed'", () => {
    renderPanel(makeJob({ status: 'failed', batch_completed: 0, error_message: 'The provider timed out' }));
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Generation Failed')).toBeInTheDocument();
    expect(panel).toHaveTextContent('The provider timed out');
  });

  it('adds no panel to a failure with neither rejections nor an error message', () => {
    const { container } = renderPanel(makeJob({ status: 'failed', batch_completed: 0 }));
    expect(container).toBeEmptyDOMElement();
  });

  it('tells a cancelled job how far it got', () => {
    renderPanel(makeJob({ status: 'cancelled', batch_size: 10, batch_completed: 3 }));
    const panel = screen.getByRole('status');
    expect(within(panel).getByText('Cancelled')).toBeInTheDocument();
    expect(panel).toHaveTextContent('after 3 of 10 images');
  });

  it('writes the counts of a large batch with thousands separators, as the rest of the app does', () => {
    renderPanel(makeJob({ status: 'cancelled', batch_size: 999_999, batch_completed: 1_234 }));
    expect(screen.getByRole('status')).toHaveTextContent('after 1,234 of 999,999 images');
  });

  it('never shows a panel for a status it does not know', () => {
    const job = { ...makeJob(), status: 'paused' } as unknown as Job;
    const { container } = renderPanel(job);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(MESSAGES.jobNotFound)).not.toBeInTheDocument();
  });
});
