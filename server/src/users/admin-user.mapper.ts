import { API_KEY_DISPLAY_LENGTH, type AdminUser } from '@atelier/shared';
import type { UserWithCounts } from './users.repository.js';

/** The API key is never answered whole (SPEC section 9): its first 12 characters, or null. */
export function toAdminUser({ user, jobCount, folderCount }: UserWithCounts): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    eok_api_key: user.eokApiKey ? user.eokApiKey.slice(0, API_KEY_DISPLAY_LENGTH) : null,
    job_count: jobCount,
    folder_count: folderCount,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
