import { describe, expect, it } from 'vitest';
import { findBlockedWord, rejectionReason, strictStage } from './content-policy.js';

const words = ['gore', 'nude', 'x-rated', 'a.b'];

describe('the blocked word list', () => {
  it('matches whole words, case-insensitively', () => {
    expect(findBlockedWord('A NUDE statue', words)).toBe('nude');
    expect(findBlockedWord('nude.', words)).toBe('nude');
    expect(findBlockedWord('(Gore)', words)).toBe('gore');
    expect(findBlockedWord('denuded hills, gorey sky', words)).toBeNull();
    expect(findBlockedWord('nudes', words)).toBeNull();
    expect(findBlockedWord('gore_fest', words)).toBeNull();
  });

  it('treats punctuation in a word literally and reports the earliest match', () => {
    expect(findBlockedWord('an X-Rated film', words)).toBe('x-rated');
    expect(findBlockedWord('axb', words)).toBeNull();
    expect(findBlockedWord('gore then nude', ['nude', 'gore'])).toBe('gore');
    expect(findBlockedWord('anything', ['', '  '])).toBeNull();
  });
});

describe('classification stages', () => {
  const eok = (pre: 'strict' | 'permissive', post: 'strict' | 'permissive') => ({
    runtime: null,
    provider: 'novita',
    bucketName: null,
    downloadDir: null,
    preClassification: pre,
    postClassification: post,
  });

  it('rejects at pre when pre is strict, at post when only post is, never when both are permissive', () => {
    expect(strictStage(eok('strict', 'strict'))).toBe('pre-classification');
    expect(strictStage(eok('strict', 'permissive'))).toBe('pre-classification');
    expect(strictStage(eok('permissive', 'strict'))).toBe('post-classification');
    expect(strictStage(eok('permissive', 'permissive'))).toBeNull();
  });

  it('words the reason as the external server does', () => {
    expect(rejectionReason('pre-classification', 'gore')).toBe('pre-classification: the prompt contains "gore"');
  });
});
