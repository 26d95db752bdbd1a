import { vi } from 'vitest';

/**
 * `fetch` observed and held: each request waits until the test answers the latest one, so what the
 * page shows while it is busy can be looked at. Restore `spy` when done.
 */
export function holdFetch() {
  let answerLatest: (response: Response) => void = () => {};
  const spy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => new Promise<Response>((resolve) => (answerLatest = resolve)));
  return { spy, answer: (response: Response) => answerLatest(response) };
}
