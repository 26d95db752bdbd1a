import type { ConfigurableParam } from '@atelier/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { override, renderParameterForm } from '../../../test/parameter-form-harness';
import { fieldsFromOverrides, fieldsFromParams } from '../utils/parameter-fields';

const params: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', display_name: 'Prompt', default_value: 'a lighthouse' },
  steps: { type: 'number', display_name: 'Steps', min: 1, max: 100, default_value: 25 },
  width: { type: 'select', display_name: 'Width', options: [512, 1024], default_value: 1024 },
  seed: { type: 'seed_control', display_name: 'Seed', default_mode: 'random' },
};

describe('applying a saved configuration', () => {
  it('fills every field from the saved values, the seed mode included', async () => {
    const saved = { prompt: 'a harbour at night', steps: 40, width: 512, seed: { mode: 'fixed', seed: 99 } };
    const { user, check } = renderParameterForm(fieldsFromParams(params), [], saved);
    await user.type(screen.getByLabelText('Prompt'), ' and more');

    await user.click(screen.getByRole('button', { name: 'Apply saved' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('a harbour at night');
    expect(screen.getByLabelText('Steps')).toHaveValue(40);
    expect(screen.getByLabelText('Width')).toHaveDisplayValue('512');
    expect(screen.getByRole('radio', { name: 'Fixed' })).toBeChecked();
    expect(await check()).toEqual(saved);
  });

  it('gives parameters the configuration does not mention their defaults, and reports saved values now out of range', async () => {
    const { user, check } = renderParameterForm(fieldsFromParams(params), [], { steps: 250 });
    await user.clear(screen.getByLabelText('Prompt'));
    await user.click(screen.getByRole('button', { name: 'Apply saved' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('a lighthouse');
    expect(screen.getByText('Steps must be at most 100')).toBeInTheDocument();
    expect(await check()).toBeNull();
  });

  it('restores a slug workflow boolean and a cleared text', async () => {
    const overrides = [
      override('upscale', 'boolean', {}, { default_value: false }),
      override('negative', 'string', {}, { default_value: 'blurry' }),
    ];
    const { user } = renderParameterForm(fieldsFromOverrides(overrides, 'random'), [], {
      upscale: true,
      negative: '',
    });
    await user.click(screen.getByRole('button', { name: 'Apply saved' }));
    expect(screen.getByRole('checkbox', { name: 'Upscale' })).toBeChecked();
    expect(screen.getByLabelText('Negative')).toHaveValue('');
  });

  it("reads a parameter named like an object's own property (constructor, toString) from the saved values only", async () => {
    const named: Record<string, ConfigurableParam> = {
      constructor: { type: 'text' as const, display_name: 'Constructor', default_value: 'a lighthouse' },
      toString: { type: 'number' as const, display_name: 'To string', min: 1, max: 100, default_value: 25 },
    };
    const { user, check, serverAnswers } = renderParameterForm(fieldsFromParams(named), [], {});
    await user.click(screen.getByRole('button', { name: 'Apply saved' }));
    // not the inherited Object.prototype.constructor, 'function Object() { [native code] }'
    expect(screen.getByLabelText('Constructor')).toHaveValue('a lighthouse');
    expect(screen.getByLabelText('To string')).toHaveValue(25);
    expect(await check()).toEqual({ constructor: 'a lighthouse', toString: 25 });
    // a 400 naming neither places nothing beside them
    expect(await serverAnswers({ job_name: 'Please enter a job name' })).toEqual([]);
  });
});
