import { vi } from 'vitest';

export interface HeldRequest {
  url: URL;
  answer: (response: Response) => void;
}

/**
 * `fetch` observed and held: each request waits until the test answers it (`answer` the latest,
 * `requests()` any of them by its address), so what the page shows while it is busy can be looked
 * at. Restore `spy` when done.
 */
export function holdFetch() {
  const held: HeldRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
    (input) =>
      new Promise<Response>((resolve) =>
        held.push({
          url: new URL(input instanceof Request ? input.url : String(input), location.href),
          answer: resolve,
        }),
      ),
  );
  return {
    spy,
    requests: (): readonly HeldRequest[] => held,
    answer: (response: Response) => held.at(-1)?.answer(response),
  };
}
