import { describe, expect, it } from 'vitest';
import { fieldsFromParams } from './parameter-fields';
import { formValuesFromSaved, toParameters } from './parameter-values';

const fields = fieldsFromParams({
  seed: { type: 'seed_control', display_name: 'Seed', default_mode: 'fixed', default_value: 7 },
});

describe('a form value as a saved configuration holds it', () => {
  it('keeps a cleared seed cleared, so applying the configuration gives the default seed, not 0', () => {
    const saved = toParameters(fields, { seed: { mode: 'fixed', seed: '  ' } });
    expect(saved).toEqual({ seed: null });
    expect(formValuesFromSaved(fields, saved)).toEqual({ seed: { mode: 'fixed', seed: '7' } });
  });

  it('sends a typed seed as a number with its mode', () => {
    expect(toParameters(fields, { seed: { mode: 'fixed', seed: '42' } })).toEqual({
      seed: { mode: 'fixed', seed: 42 },
    });
  });
});
