import type { ProviderWorkflow } from '../generation-provider.js';

export type ClassificationStage = 'pre-classification' | 'post-classification';

/**
 * The first blocked word (by position in the prompt) found as a whole word, case-insensitively, or
 * null. "Whole word" means not touching another letter, digit or underscore, in any script, so
 * "nude" does not match "denuded" and words with punctuation ("x-rated") still match.
 */
export function findBlockedWord(prompt: string, blockedWords: readonly string[]): string | null {
  let found: { word: string; index: number } | null = null;
  for (const word of blockedWords) {
    const trimmed = word.trim();
    if (!trimmed) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}_])`, 'iu');
    const match = pattern.exec(prompt);
    if (match && (!found || match.index < found.index)) found = { word: trimmed, index: match.index };
  }
  return found?.word ?? null;
}

/** Which stage would reject: pre when it is strict, else post when it is strict; permissive never rejects. */
export function strictStage(eok: ProviderWorkflow['eok']): ClassificationStage | null {
  if (eok.preClassification === 'strict') return 'pre-classification';
  if (eok.postClassification === 'strict') return 'post-classification';
  return null;
}

export function rejectionReason(stage: ClassificationStage, word: string): string {
  return `${stage}: the prompt contains "${word}"`;
}

function escapeRegExp(text: string): string {
  // only the syntax characters: in a `u` pattern any other escaped character is a syntax error
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
