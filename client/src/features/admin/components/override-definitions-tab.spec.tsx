import type { OverrideDefinition } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { missingKeysQueryOptions, overrideDefinitionsQueryOptions } from '../api/override-definitions';

const definition = (id: number, key: string, extra: Partial<OverrideDefinition>): OverrideDefinition => ({
  id,
  override_key: key,
  display_name: key,
  description: null,
  data_type: 'string',
  validation_rules: {},
  category: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const definitions = [
  definition(1, 'override_prompt', {
    display_name: 'Prompt',
    description: 'What to draw',
    validation_rules: { max_length: 2000 },
  }),
  definition(2, 'override_steps', {
    description: 'Denoising steps',
    data_type: 'integer',
    validation_rules: { min: 1 },
  }),
  definition(3, 'override_cfg', {
    display_name: 'CFG',
    description: 'Adherence',
    data_type: 'float',
    validation_rules: { step: 0.5 },
  }),
];

/** The override keys, top to bottom, as the table shows them. */
function keysInOrder(): string[] {
  const table = screen.getByRole('table', { name: 'Override definitions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');
}

describe('override definitions table', () => {
  it('sorts by every column, the description and validation rules included, each way', async () => {
    const rendered = renderApp('/admin?tab=override-definitions', { user: testUser('admin') });
    act(() => {
      rendered.queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, definitions);
      rendered.queryClient.setQueryData(missingKeysQueryOptions().queryKey, {});
    });
    const user = userEvent.setup();
    expect(await screen.findByText('override_cfg')).toBeInTheDocument();
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);

    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    await user.click(within(header('Description')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header('Description')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'descending');

    // as the cells show them: {"max_length": 2000} < {"min": 1} < {"step": 0.5}
    await user.click(within(header('Validation Rules')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Validation Rules')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);

    await user.click(within(header('Key')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_prompt', 'override_steps']);
    await user.click(within(header('Data Type')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);
  });
});
