import { describe, expect, it } from 'vitest';
import { newRow, withCell, type DefinitionRow } from './definition-rows';

const row = (over: Partial<DefinitionRow>): DefinitionRow => ({ ...newRow('override_x'), ...over });

describe('withCell', () => {
  it("drops the rules of the old data type when the type changes, keeping the new type's", () => {
    const text = row({ data_type: 'string', validation_rules: '{"max_length": 40}' });
    expect(withCell(text, 'data_type', 'integer').validation_rules).toBe('');
    const number = row({ data_type: 'integer', validation_rules: '{"min": 1, "max": 9, "step": 2}' });
    expect(JSON.parse(withCell(number, 'data_type', 'float').validation_rules)).toEqual({ min: 1, max: 9, step: 2 });
    const choice = row({ data_type: 'select', validation_rules: '{"options": ["a"]}' });
    expect(withCell(choice, 'data_type', 'boolean').validation_rules).toBe('');
  });

  it('leaves rules that do not parse, and every other cell, as they are', () => {
    const broken = row({ data_type: 'string', validation_rules: '{"max_length": ' });
    expect(withCell(broken, 'data_type', 'select').validation_rules).toBe('{"max_length": ');
    const text = row({ data_type: 'string', validation_rules: '{"max_length": 40}' });
    expect(withCell(text, 'display_name', 'Prompt')).toEqual({ ...text, display_name: 'Prompt' });
  });
});
