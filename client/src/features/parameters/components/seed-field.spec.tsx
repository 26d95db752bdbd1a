import { SEED_MAX, type ConfigurableParam } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderParameterForm } from '../../../test/parameter-form-harness';
import { fieldsFromParams } from '../utils/parameter-fields';

const seed = (extra: Partial<ConfigurableParam> = {}) =>
  fieldsFromParams({ seed: { type: 'seed_control', display_name: 'Seed', ...extra } });

/** Makes the next random draws predictable. */
function drawSeeds(...values: number[]) {
  const spy = vi.spyOn(crypto, 'getRandomValues');
  for (const value of values) {
    spy.mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint32Array) array[0] = value;
      return array;
    });
  }
}

const seedInput = () => screen.getByLabelText('Seed');
const seedMessage = () => within(seedInput().closest<HTMLElement>('[data-part="root"]')!).queryByText(/must/);

describe('seed control', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts in random mode with a drawn seed that cannot be typed over, and Regenerate redraws it', async () => {
    drawSeeds(1234, 98765);
    const { user, check } = renderParameterForm(seed({ default_mode: 'random' }));
    expect(screen.getByRole('radio', { name: 'Random' })).toBeChecked();
    expect(seedInput()).toHaveValue(1234);
    expect(seedInput()).toHaveAttribute('readonly');
    expect(seedInput()).toHaveAttribute('min', '0');
    expect(seedInput()).toHaveAttribute('max', String(SEED_MAX));

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(seedInput()).toHaveValue(98765);
    expect(await check()).toEqual({ seed: { mode: 'random', seed: 98765 } });
  });

  it('starts fixed at the default seed and takes a typed one', async () => {
    const { user, check } = renderParameterForm(seed({ default_mode: 'fixed', default_value: 42 }));
    expect(screen.getByRole('radio', { name: 'Fixed' })).toBeChecked();
    expect(seedInput()).toHaveValue(42);
    await user.clear(seedInput());
    await user.type(seedInput(), String(SEED_MAX));
    expect(seedMessage()).toBeNull();
    expect(await check()).toEqual({ seed: { mode: 'fixed', seed: SEED_MAX } });
  });

  it.each([
    [String(SEED_MAX + 1), `Seed must be at most ${SEED_MAX}`],
    ['-1', 'Seed must be at least 0'],
    ['1.5', 'Seed must be a whole number'],
    ['', 'Seed must be a number'],
  ])('refuses the fixed seed "%s": %s', async (typed, message) => {
    const { user, check } = renderParameterForm(seed({ default_mode: 'fixed', default_value: 7 }));
    await user.clear(seedInput());
    if (typed) await user.type(seedInput(), typed);
    expect(seedMessage()).toHaveTextContent(message);
    expect(await check()).toBeNull();
  });

  it('draws a new seed when switched to random, keeps it when switched to fixed, and redraws in fixed mode', async () => {
    drawSeeds(5, 777, 31337);
    const { user, check } = renderParameterForm(seed({ default_mode: 'random' }));
    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    expect(seedInput()).toHaveValue(5);
    expect(seedInput()).not.toHaveAttribute('readonly');

    await user.click(screen.getByRole('radio', { name: 'Random' }));
    expect(seedInput()).toHaveValue(777);

    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await check()).toEqual({ seed: { mode: 'fixed', seed: 31337 } });
  });
});
