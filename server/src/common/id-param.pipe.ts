import type { PipeTransform } from '@nestjs/common';
import { MAX_ID } from '@atelier/shared';
import { BadRequestError } from './app-errors.js';

/** Path ids are positive 32-bit integers; anything else is a 400, never a 500 from the database. */
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    // one spelling per id: '01' is not job 1 (as idSchema in @atelier/shared)
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new BadRequestError('Invalid id');
    return id;
  }
}
