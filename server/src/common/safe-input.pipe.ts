import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { BadRequestError } from './app-errors.js';

/** Half of a UTF-16 pair with no other half: JSON.parse lets `\ud800` through, PostgreSQL refuses it. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Deeper than any request Atelier takes; PostgreSQL's JSON parser gives up on far less than JSON.parse. */
export const MAX_INPUT_DEPTH = 32;

const SOURCES = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Runs on every body, query and path value before the route's own validation, for what no
 * schema states: a NUL character or a lone surrogate (PostgreSQL cannot store either in text or
 * jsonb, so it would fail in the database as a 500), a number past what a double holds (stored
 * as null) and nesting deeper than MAX_INPUT_DEPTH. Each is a 400 naming the field.
 */
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (!SOURCES.has(metadata.type)) return value;
    const problem = inputProblem(value, metadata.type === 'param' && metadata.data ? [metadata.data] : [], 0);
    if (problem) throw new BadRequestError(problem.message, { [problem.field || '_']: problem.message });
    return value;
  }
}

/**
 * The checks, also for a value parsed from text a request carried (a base workflow's JSON typed in
 * the editor), named by `path` and counted from `depth`, as if it had come as part of the body.
 */
export function inputProblem(value: unknown, path: string[], depth: number): { field: string; message: string } | null {
  const field = path.join('.');
  if (typeof value === 'string') return textProblem(value, field, `${field || 'The request'} contains`);
  // JSON.parse reads 1e999 as Infinity, which jsonb would store as null: the value sent is lost
  if (typeof value === 'number' && !Number.isFinite(value))
    return { field, message: `${field || 'The request'} holds a number too large to store` };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) {
    return { field, message: `${field || 'The request'} is nested more than ${MAX_INPUT_DEPTH} levels deep` };
  }
  for (const [key, inner] of Object.entries(value)) {
    const inKey = textProblem(key, field, `A field name in ${field || 'the request'} contains`);
    if (inKey) return inKey;
    const found = inputProblem(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function textProblem(text: string, field: string, subject: string): { field: string; message: string } | null {
  if (text.includes('\u0000')) return { field, message: `${subject} a NUL character` };
  if (LONE_SURROGATE.test(text)) return { field, message: `${subject} text that is not valid Unicode` };
  return null;
}
