import type { ConfigurableParam } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderParameterForm } from '../../../test/parameter-form-harness';
import { fieldsFromParams } from '../utils/parameter-fields';

const params: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', display_name: 'Prompt', default_value: 'a lighthouse' },
  steps: { type: 'number', display_name: 'Steps', min: 1, max: 100, default_value: 25 },
  cfg: { type: 'number', display_name: 'CFG scale', min: 1, max: 20, step: 0.5, default_value: 7 },
  width: { type: 'select', display_name: 'Width', options: [512, 1024], default_value: 1024 },
  sampler: { type: 'select', display_name: 'Sampler', options: ['euler', 'ddim'], default_value: 'euler' },
  note: { display_name: 'Note', description: 'Any text' },
  hidden: { type: 'number', display_name: 'Hidden', editable: false },
};

/** The message shown inside the same field as the control labelled `label`. */
function fieldMessage(label: string): string {
  const control = screen.getByLabelText(label);
  const field = control.closest<HTMLElement>('[data-part="root"]');
  if (!field) throw new Error(`${label} has no field`);
  return within(field).queryByText(/must|required/)?.textContent ?? '';
}

describe('parameter form, JSON workflow parameters', () => {
  it('renders each type with its label, default and limits; hides parameters that are not editable', () => {
    renderParameterForm(fieldsFromParams(params));
    expect(screen.getByLabelText('Prompt')).toHaveValue('a lighthouse');
    expect(screen.getByLabelText('Steps')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Steps')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('Steps')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Steps')).toHaveAttribute('max', '100');
    expect(screen.getByLabelText('CFG scale')).toHaveAttribute('step', '0.5');
    expect(screen.getByLabelText('Width')).toHaveDisplayValue('1024');
    expect(screen.getByRole('option', { name: '512' })).toBeInTheDocument();
    // A parameter without a type is text.
    expect(screen.getByLabelText('Note').tagName).toBe('TEXTAREA');
    expect(screen.getByText('Any text')).toBeInTheDocument();
    expect(screen.queryByLabelText('Hidden')).not.toBeInTheDocument();
  });

  it.each([
    ['0', 'Steps must be at least 1'],
    ['101', 'Steps must be at most 100'],
    ['2.5', 'Steps must be a whole number'],
  ])('reports steps %s beside the field as it is typed: %s', async (typed, message) => {
    const { user } = renderParameterForm(fieldsFromParams(params));
    await user.clear(screen.getByLabelText('Steps'));
    await user.type(screen.getByLabelText('Steps'), typed);
    expect(fieldMessage('Steps')).toBe(message);
    expect(screen.getByLabelText('Steps')).toHaveAttribute('aria-invalid', 'true');
  });

  it('gives phones a keypad with a minus where a value below 0 is allowed, digits only where it is whole', () => {
    renderParameterForm(
      fieldsFromParams({
        ...params,
        offset: { type: 'number', display_name: 'Offset', min: -5, max: 5 },
        shift: { type: 'number', display_name: 'Shift', step: 0.25 },
        strength: { type: 'number', display_name: 'Strength', min: 0, max: 1, step: 0.05 },
        scale: { type: 'number', display_name: 'Scale', min: 0.5, max: 4 },
      }),
    );
    const keypad = (label: string) => screen.getByLabelText(label).getAttribute('inputmode');
    expect(keypad('Steps')).toBe('numeric');
    expect(keypad('CFG scale')).toBe('decimal');
    expect(keypad('Strength')).toBe('decimal');
    // from 0.5 in steps of 1: 1.5 is a value, and a digits-only pad has no point
    expect(keypad('Scale')).toBe('decimal');
    expect(keypad('Offset')).toBe('text');
    expect(keypad('Shift')).toBe('text');
  });

  it('checks a number against its own step', async () => {
    const { user, check } = renderParameterForm(fieldsFromParams(params));
    await user.clear(screen.getByLabelText('CFG scale'));
    await user.type(screen.getByLabelText('CFG scale'), '7.3');
    expect(fieldMessage('CFG scale')).toBe('CFG scale must be in steps of 0.5');
    expect(await check()).toBeNull();

    await user.clear(screen.getByLabelText('CFG scale'));
    await user.type(screen.getByLabelText('CFG scale'), '7.5');
    expect(fieldMessage('CFG scale')).toBe('');
    expect(screen.getByLabelText('CFG scale')).not.toHaveAttribute('aria-invalid');
    expect(await check()).toMatchObject({ cfg: 7.5 });
  });

  it('moves focus to the first invalid field when checked', async () => {
    const { user, check } = renderParameterForm(fieldsFromParams(params));
    await user.clear(screen.getByLabelText('Steps'));
    await user.type(screen.getByLabelText('Steps'), '500');
    expect(await check()).toBeNull();
    expect(screen.getByLabelText('Steps')).toHaveFocus();
  });

  it('sends numbers as numbers and options in their own type', async () => {
    const { user, check } = renderParameterForm(fieldsFromParams(params));
    await user.selectOptions(screen.getByLabelText('Width'), '512');
    await user.selectOptions(screen.getByLabelText('Sampler'), 'ddim');
    await user.type(screen.getByLabelText('Note'), 'hello');
    expect(await check()).toEqual({
      prompt: 'a lighthouse',
      steps: 25,
      cfg: 7,
      width: 512,
      sampler: 'ddim',
      note: 'hello',
    });
  });

  it('leaves a cleared optional number out rather than sending 0', async () => {
    const { user, check } = renderParameterForm(fieldsFromParams(params));
    await user.clear(screen.getByLabelText('Steps'));
    expect(fieldMessage('Steps')).toBe('');
    expect(await check()).toMatchObject({ steps: null });
  });

  it("shows the server's per-field messages beside their fields until each is changed", async () => {
    const { user, serverAnswers } = renderParameterForm(fieldsFromParams(params));
    const placed = await serverAnswers({
      sampler: 'Sampler must be one of: euler',
      steps: 'Steps must be at most 50',
      workflow_id: 'Please select a workflow first',
    });
    expect(placed).toEqual(['steps', 'sampler']);
    expect(fieldMessage('Steps')).toBe('Steps must be at most 50');
    expect(fieldMessage('Sampler')).toBe('Sampler must be one of: euler');
    expect(screen.getByLabelText('Sampler')).toHaveAttribute('aria-invalid', 'true');
    // focus goes to the first field the server named, in the form's order
    expect(screen.getByLabelText('Steps')).toHaveFocus();

    await user.clear(screen.getByLabelText('Steps'));
    await user.type(screen.getByLabelText('Steps'), '40');
    expect(fieldMessage('Steps')).toBe('');
    expect(fieldMessage('Sampler')).toBe('Sampler must be one of: euler');
  });
});
