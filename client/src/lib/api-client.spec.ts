import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { getGalleryPage } from '../features/gallery/api/get-gallery-items';
import { holdFetch } from '../test/held-fetch';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { readStoredSession, sessionEndedByServer, writeStoredSession } from './session-storage';

const marie = { id: 3, username: 'marie', role: 'user' } as const;

const refused = () => Response.json({ error: 'Unauthorized' }, { status: 401 });

let held: ReturnType<typeof holdFetch> | undefined;
afterEach(() => held?.spy.mockRestore());

/** The two ways the client reads the API: the shared client, and the gallery's own page read. */
const callers = [
  ['apiRequest', () => apiRequest('/jobs', z.unknown())],
  ['getGalleryPage', () => getGalleryPage({ status: 'active', tz: 0 }, null)],
] as const;

describe.each(callers)('a 401 seen by %s', (_name, call) => {
  it('ends the session the refused request carried', async () => {
    writeStoredSession({ token: 'tok-old', user: marie });
    held = holdFetch();
    const answer = call();
    held.answer(refused());

    await expect(answer).rejects.toEqual(new ApiError(401, 'Unauthorized'));
    expect(readStoredSession()).toBeNull();
    expect(sessionEndedByServer()).toBe(true);
  });

  it('leaves a session begun while the request was on its way, here or in another tab', async () => {
    writeStoredSession({ token: 'tok-old', user: marie });
    held = holdFetch();
    const answer = call();
    writeStoredSession({ token: 'tok-new', user: marie });
    held.answer(refused());

    await expect(answer).rejects.toEqual(new ApiError(401, 'Unauthorized'));
    expect(readStoredSession()).toEqual({ token: 'tok-new', user: marie });
    expect(sessionEndedByServer()).toBe(false);
  });
});
