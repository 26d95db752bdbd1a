import { assetSchema, type Asset } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const assetListSchema = z.array(assetSchema);

/** Sent without the token, as SPEC section 7 asks; the thumbnail URLs come signed. */
export function getAssets(signal?: AbortSignal): Promise<Asset[]> {
  return apiRequest('/assets', assetListSchema, { signal, anonymous: true });
}

/** A failure is only logged (SPEC section 8). */
export function assetsQueryOptions() {
  return queryOptions({
    queryKey: ['assets'],
    queryFn: ({ signal }) => getAssets(signal),
  });
}

/** Asked only by a form that has an asset parameter. */
export function useAssets(enabled: boolean) {
  // `enabled` only when off, so a client that disables queries by default stays quiet.
  return useQuery({ ...assetsQueryOptions(), ...(enabled ? {} : { enabled: false }) });
}
