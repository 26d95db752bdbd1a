import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { BadRequestError } from './app-errors.js';

/** Deeper than any request Atelier takes; PostgreSQL's JSON parser gives up on far less than JSON.parse. */
export const MAX_INPUT_DEPTH = 32;

const SOURCES = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Runs on every body, query and path value before the route's own validation, for what no
 * schema states: a NUL character (PostgreSQL cannot store it in text or jsonb, so it would fail in
 * the database as a 500) and nesting deeper than MAX_INPUT_DEPTH. Each is a 400 naming the field.
 */
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (!SOURCES.has(metadata.type)) return value;
    const problem = findProblem(value, metadata.type === 'param' && metadata.data ? [metadata.data] : [], 0);
    if (problem) throw new BadRequestError(problem.message, { [problem.field || '_']: problem.message });
    return value;
  }
}

function findProblem(value: unknown, path: string[], depth: number): { field: string; message: string } | null {
  const field = path.join('.');
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { field, message: `${field || 'The request'} contains a NUL character` } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) {
    return { field, message: `${field || 'The request'} is nested more than ${MAX_INPUT_DEPTH} levels deep` };
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000'))
      return { field, message: `A field name in ${field || 'the request'} contains a NUL character` };
    const found = findProblem(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
