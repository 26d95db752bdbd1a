import { MESSAGES, jobSubmittedMessage } from '@atelier/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { GeneratePanel } from './generate-panel';

type Answer = Response | 'no answer';

const SUBMITTED = jobSubmittedMessage(1);

/**
 * The Idempotency-Key each Generate sends: the same again only when the last attempt got no answer
 * and the form is unchanged, so the server can answer a job it made whose answer was lost.
 */
describe('Generate panel, sending again', () => {
  const answers: Answer[] = [];
  const keys: string[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
    keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '(none)');
    const answer = answers.shift() ?? Response.json({ id: keys.length }, { status: 201 });
    return answer === 'no answer' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer);
  });
  afterEach(() => {
    fetchSpy.mockClear();
    answers.length = 0;
    keys.length = 0;
  });

  const created = () => Response.json({ id: 7 }, { status: 201 });
  const failed = (status: number, error: string) => Response.json({ error }, { status });

  async function renderPanel() {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={() => ({ steps: 20 })} />);
    const generate = async (expected: string) => {
      const sent = keys.length;
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      expect(await screen.findByText(expected)).toBeInTheDocument();
      expect(keys).toHaveLength(sent + 1);
    };
    return { user, generate };
  }

  it('resends an attempt that got no answer, or a 5xx, under its key; a new attempt after the answer gets a new one', async () => {
    const { generate } = await renderPanel();
    answers.push('no answer', failed(503, 'The job queue is unavailable. Please try again in a moment.'), created());
    await generate(MESSAGES.submitJobFailed);
    await generate('The job queue is unavailable. Please try again in a moment.');
    await generate(SUBMITTED);
    // two deliberate jobs of the same form
    await generate(SUBMITTED);

    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('takes a new key after a 4xx answer, since that attempt made nothing', async () => {
    const { generate } = await renderPanel();
    answers.push(failed(429, MESSAGES.tooManyJobSubmissions), created());
    await generate(MESSAGES.tooManyJobSubmissions);
    await generate(SUBMITTED);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('takes a new key when the form changed since the attempt that got no answer', async () => {
    const { user, generate } = await renderPanel();
    answers.push('no answer', 'no answer', created());
    await generate(MESSAGES.submitJobFailed);
    await user.type(screen.getByLabelText(/^Job name/), 'Renamed');
    await generate(MESSAGES.submitJobFailed);
    // the same changed form again: that last attempt's key
    await generate(SUBMITTED);
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });
});
