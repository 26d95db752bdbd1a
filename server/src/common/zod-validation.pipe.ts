import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { BadRequestError } from './app-errors.js';

/** Parses a body, query or param with a shared schema; the first problem becomes the error text. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    const first = result.error.issues[0];
    throw new BadRequestError(first?.message ?? 'Invalid request', fields);
  }
}
