import type { ValueTransformer } from 'typeorm';

/** pg returns bigint as a string; our bigints (sizes, seeds up to 2^32) fit a JS number exactly. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
