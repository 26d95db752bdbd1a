/** The submitting user's key when set, else the system key (eok-contract.md); blank counts as unset. */
export function resolveApiKey(userKey: string | null, systemKey: string | undefined): string | undefined {
  return userKey?.trim() || systemKey?.trim() || undefined;
}

/**
 * What a log line may show of a key: at most its first 12 characters, and never more than a third
 * of it, so a short key is not given away whole.
 */
export function keyHint(key: string): string {
  return `${key.slice(0, Math.min(12, Math.floor(key.length / 3)))}…`;
}
