import { LIVE_SOCKET_HEADER, errorResponseSchema } from '@atelier/shared';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import { expireStoredSession, readStoredToken } from './session-storage';
import { liveSocketId } from './socket';

export const API_BASE = '/api';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly string[] | null | undefined>;
  signal?: AbortSignal;
  /** Sent without the bearer token (SPEC section 7 marks these "none"). */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v: string) => params.append(key, v));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The error of an answer that is not ok, for every reader of the API. A 401 on a call that carried
 * a token ends that session, whichever screen made it (not one begun since: expireStoredSession).
 */
export function refusalOf(response: Response, payload: unknown, token: string | null): ApiError {
  if (response.status === 401 && token) expireStoredSession(token);
  const parsed = errorResponseSchema.safeParse(payload);
  return parsed.success
    ? new ApiError(response.status, parsed.data.error, parsed.data.fields)
    : new ApiError(response.status, null);
}

/** Calls the API and checks the answer against the shared contract. */
export async function apiRequest<T>(path: string, schema: ZodType<T>, options: ApiRequestOptions = {}): Promise<T> {
  const token = options.anonymous ? null : readStoredToken();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // a change this tab makes is shown here by the mutation itself: its live echo would re-read the
  // views under the pointer and the selection (the server skips the connection named)
  const socketId = token && options.method && options.method !== 'GET' ? liveSocketId() : undefined;
  if (socketId) headers[LIVE_SOCKET_HEADER] = socketId;
  // a form (a file upload) sets its own multipart type and boundary
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const payload = await readJson(response);

  if (!response.ok) throw refusalOf(response, payload, token);
  return schema.parse(payload);
}
