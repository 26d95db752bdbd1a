import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { override, renderParameterForm } from '../../../test/parameter-form-harness';
import { fieldsFromOverrides } from '../utils/parameter-fields';

const overrides = [
  override('prompt', 'string', { max_length: 20 }, { is_required: true, default_value: 'portrait' }),
  override('steps', 'integer', { min: 1, max: 150 }, { default_value: 28 }),
  override('cfg', 'float', { min: 1, max: 20 }, { default_value: 3.5, display_name: 'CFG Scale' }),
  override('width', 'select', { options: [768, 1024] }, { default_value: 768 }),
  override('upscale', 'boolean', {}, { default_value: 'true', description: 'Upscale the result' }),
  override('style', 'string', {}, { is_required: true }),
];

function messageBeside(label: string): string {
  // A required field's label ends in an asterisk.
  const field = screen.getByLabelText(new RegExp(`^${label}`)).closest<HTMLElement>('[data-part="root"]');
  if (!field) throw new Error(`${label} has no field`);
  return within(field).queryByText(/must|required/)?.textContent ?? '';
}

describe('parameter form, slug workflow overrides', () => {
  it('builds each data type: integer steps by 1, float by 0.1 by default, boolean, select, text', () => {
    renderParameterForm(fieldsFromOverrides(overrides, 'random'));
    expect(screen.getByLabelText('Steps')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('CFG Scale')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Width')).toHaveDisplayValue('768');
    expect(screen.getByRole('checkbox', { name: 'Upscale' })).toBeChecked();
    expect(screen.getByLabelText(/^Prompt/)).toHaveValue('portrait');
    expect(screen.getByText('8/20')).toBeInTheDocument();
    // The slug workflow's own seed control, in its seed_mode.
    expect(screen.getByRole('radio', { name: 'Random' })).toBeChecked();
  });

  it.each([
    ['Steps', '2.5', 'Steps must be a whole number'],
    ['Steps', '0', 'Steps must be at least 1'],
    ['Steps', '151', 'Steps must be at most 150'],
    ['CFG Scale', '25', 'CFG Scale must be at most 20'],
    ['CFG Scale', '0.5', 'CFG Scale must be at least 1'],
    // with no step of its own, a float steps by 0.1 from its minimum
    ['CFG Scale', '3.55', 'CFG Scale must be in steps of 0.1'],
    ['CFG Scale', '3.7', ''],
  ])('reports %s = %s: %s', async (label, typed, message) => {
    const { user } = renderParameterForm(fieldsFromOverrides(overrides, 'random'));
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), typed);
    expect(messageBeside(label)).toBe(message);
  });

  it('reports a text longer than its max_length', async () => {
    const { user, check } = renderParameterForm(fieldsFromOverrides(overrides, 'random'));
    await user.type(screen.getByLabelText(/^Prompt/), ' in soft window light');
    expect(messageBeside('Prompt')).toBe('Prompt must be at most 20 characters');
    expect(screen.getByText('29/20')).toBeInTheDocument();
    expect(await check()).toBeNull();
  });

  it('says "{display name} is required" for a required override once cleared, and for every one on submit', async () => {
    const { user, check } = renderParameterForm(fieldsFromOverrides(overrides, 'random'));
    // Untouched and empty: nothing is said until the user tries to generate.
    expect(messageBeside('Style')).toBe('');

    await user.clear(screen.getByLabelText(/^Prompt/));
    expect(messageBeside('Prompt')).toBe('Prompt is required');

    expect(await check()).toBeNull();
    expect(messageBeside('Style')).toBe('Style is required');
    expect(screen.getByLabelText(/^Prompt/)).toHaveFocus();
    expect(screen.getByLabelText(/^Prompt/)).toBeRequired();
  });

  it('sends values by ui_parameter_name with their types, blanks on purpose and the seed as {mode, seed}', async () => {
    const { user, check } = renderParameterForm(fieldsFromOverrides(overrides, 'fixed'));
    await user.type(screen.getByLabelText(/^Style/), 'noir');
    await user.click(screen.getByRole('checkbox', { name: 'Upscale' }));
    await user.selectOptions(screen.getByLabelText('Width'), '1024');
    await user.clear(screen.getByLabelText('Steps'));

    const parameters = await check();
    expect(parameters).toMatchObject({
      prompt: 'portrait',
      steps: null,
      cfg: 3.5,
      width: 1024,
      upscale: false,
      style: 'noir',
      seed: { mode: 'fixed', seed: expect.any(Number) },
    });
  });
});
