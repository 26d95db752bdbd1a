import { MESSAGES } from '@atelier/shared';
import { BadRequestError } from '../common/app-errors.js';

export const INVALID_NAME =
  'Invalid workflow name: use letters, digits, spaces, dots, dashes and underscores (at most 100 characters)';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;

/**
 * Turns what an admin typed into a file name (`.json` added) or refuses it before anything touches
 * the disk: no separators, no `..`, no leading dot, no control characters.
 */
export function toBaseWorkflowFileName(raw: unknown): string {
  // trimmed again without the suffix: 'night shift .json' as typed could never be run by a slug,
  // which is trimmed ('night shift'), and would be listed as lacking a slug version for good
  const stem =
    typeof raw === 'string'
      ? raw
          .trim()
          .replace(/\.json$/i, '')
          .trim()
      : '';
  if (stem === '') throw new BadRequestError(MESSAGES.workflowNameRequired);
  if (!NAME_PATTERN.test(stem) || stem.includes('..')) throw new BadRequestError(INVALID_NAME);
  return `${stem}.json`;
}

/** For a name that arrives in a URL: the same rules, and it must already end in .json. */
export function parseExistingFileName(raw: string): string {
  if (!raw.toLowerCase().endsWith('.json')) throw new BadRequestError(INVALID_NAME);
  return toBaseWorkflowFileName(raw);
}

export function slugOf(fileName: string): string {
  return fileName.replace(/\.json$/i, '');
}
