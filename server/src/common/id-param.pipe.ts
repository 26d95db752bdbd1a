import type { PipeTransform } from '@nestjs/common';
import { idSchema } from '@atelier/shared';
import { BadRequestError } from './app-errors.js';

/** Path ids are positive 32-bit integers; anything else is a 400, never a 500 from the database. */
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    // one spelling per id, the shared one: '01' is not job 1
    const id = idSchema.safeParse(value);
    if (!id.success) throw new BadRequestError('Invalid id');
    return id.data;
  }
}
