import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * A query's `structuralSharing` that keeps the data shown when the answer is an earlier copy of it
 * (a poll read just before a push and answered after it), else shares structure as TanStack does.
 */
export function keepNewer<T>(isOlder: (incoming: T, shown: T | undefined) => boolean) {
  return (shown: unknown, incoming: unknown): unknown =>
    isOlder(incoming as T, shown as T | undefined) ? shown : replaceEqualDeep(shown, incoming);
}
