import type { Asset, OverrideDataType, ValidationRules, WorkflowOverride } from '@atelier/shared';
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { ParameterForm } from '../features/parameters/components/parameter-form';
import { useParameterValues } from '../features/parameters/hooks/use-parameter-values';
import type { ParamField } from '../features/parameters/utils/parameter-fields';
import { renderUi } from './render-ui';

function Harness({
  fields,
  assets,
  saved,
  onCheck,
  onServerAnswer,
}: {
  fields: readonly ParamField[];
  assets: readonly Asset[];
  saved: Record<string, unknown>;
  onCheck: (parameters: Record<string, unknown> | null) => void;
  onServerAnswer: (show: (messages: Record<string, string>) => string[]) => void;
}) {
  const form = useParameterValues(fields, 'harness');
  return (
    <>
      <ParameterForm
        fields={fields}
        values={form.values}
        errors={form.errors}
        onChange={form.setValue}
        assets={assets}
      />
      <button type="button" onClick={() => onCheck(form.validate() ? form.parameters() : null)}>
        Check
      </button>
      <button type="button" onClick={() => form.apply(saved)}>
        Apply saved
      </button>
      <button type="button" onClick={() => onServerAnswer(form.showServerErrors)}>
        Server answers
      </button>
    </>
  );
}

/**
 * Renders the form as a screen would; `check()` is what Generate does before sending anything,
 * the "Apply saved" button what choosing a saved configuration (`saved`) does, `serverAnswers()`
 * what Generate does with the per-field messages of a 400.
 */
export function renderParameterForm(
  fields: readonly ParamField[],
  assets: readonly Asset[] = [],
  saved: Record<string, unknown> = {},
) {
  const user = userEvent.setup();
  let last: Record<string, unknown> | null = null;
  let answer: Record<string, string> = {};
  let placed: string[] = [];
  renderUi(
    <Harness
      fields={fields}
      assets={assets}
      saved={saved}
      onCheck={(parameters) => (last = parameters)}
      onServerAnswer={(show) => (placed = show(answer))}
    />,
  );
  return {
    user,
    async check(): Promise<Record<string, unknown> | null> {
      await user.click(screen.getByRole('button', { name: 'Check' }));
      return last;
    },
    /** What a 400 from the server does: its per-field messages; answers the names placed beside fields. */
    async serverAnswers(messages: Record<string, string>): Promise<string[]> {
      answer = messages;
      await user.click(screen.getByRole('button', { name: 'Server answers' }));
      return placed;
    },
  };
}

let nextId = 1;

/** An override as GET /api/workflows/:id shows it on a slug workflow. */
export function override(
  name: string,
  dataType: OverrideDataType,
  rules: ValidationRules = {},
  extra: Partial<WorkflowOverride> = {},
): WorkflowOverride {
  const id = nextId++;
  return {
    id,
    workflow_id: 1,
    override_definition_id: id,
    override_key: `override_${name}`,
    display_name: name.charAt(0).toUpperCase() + name.slice(1),
    description: null,
    data_type: dataType,
    category: null,
    is_required: false,
    default_value: null,
    ui_parameter_name: name,
    display_order: id,
    validation_rules: rules,
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}
