import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import type { OverrideItem } from '../utils/slug-form';
import { OverrideList } from './override-list';

const item = (definitionId: number, display_name: string): OverrideItem => ({
  linkId: null,
  definitionId,
  override_key: `override_${display_name.toLowerCase()}`,
  display_name,
  data_type: 'string',
  category: null,
  description: null,
  is_required: false,
  default_value: '',
  ui_parameter_name: display_name.toLowerCase(),
  validation_rules: {},
});

/** The list with the slug form's own reordering and removal. */
function Harness() {
  const [items, setItems] = useState([item(1, 'Prompt'), item(2, 'Steps'), item(3, 'Seed')]);
  return (
    <OverrideList
      items={items}
      onChange={() => {}}
      onMove={(index, step) =>
        setItems((list) => {
          const next = [...list];
          [next[index], next[index + step]] = [next[index + step]!, next[index]!];
          return next;
        })
      }
      onRemove={(index) => setItems((list) => list.filter((_, i) => i !== index))}
    />
  );
}

describe('OverrideList, from the keyboard', () => {
  it('keeps the focus on a move button that reaches the top or the bottom', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const up = screen.getByRole('button', { name: 'Move Steps up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(up).toHaveFocus();
    expect(up).not.toBeDisabled();
    expect(up).toHaveAttribute('aria-disabled', 'true');
    // pressed again at the top it does nothing
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Steps',
      'Prompt',
      'Seed',
    ]);
  });

  it('gives the focus to the next Remove, then the last one, then the empty-list text', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    screen.getByRole('button', { name: 'Remove Steps' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Seed' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Prompt' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No overrides yet. Add one with Add Override.')).toHaveFocus();
  });
});
