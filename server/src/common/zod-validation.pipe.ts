import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { MESSAGES } from '@atelier/shared';
import { BadRequestError } from './app-errors.js';

// zod's own texts (`Invalid input: expected string, received number`) say nothing of which field;
// schemas with a message of their own (the SPEC's words) keep it unchanged
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized key)/;

const SPEC_MESSAGES = new Set<string>(Object.values(MESSAGES));

function namedMessage(issue: z.core.$ZodIssue): string {
  const key = issue.path.join('.');
  // the whole body is of the wrong kind (`[]`, `"text"`): queries and params are always objects
  if (!key && issue.code === 'invalid_type' && issue.expected === 'object') return 'Request body must be a JSON object';
  const zodDefault = ZOD_DEFAULT.test(issue.message) && !SPEC_MESSAGES.has(issue.message);
  return key && zodDefault && !issue.message.includes(key) ? `${key}: ${issue.message}` : issue.message;
}

/** Parses a body, query or param with a shared schema; the first problem becomes the error text. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const fields: Record<string, string> = {};
    const messages = result.error.issues.map(namedMessage);
    result.error.issues.forEach((issue, i) => {
      fields[issue.path.join('.') || '_'] ??= messages[i]!;
    });
    throw new BadRequestError(messages[0] ?? 'Invalid request', fields);
  }
}
