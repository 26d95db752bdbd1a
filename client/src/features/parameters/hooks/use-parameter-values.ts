import { useMemo, useState } from 'react';
import { parameterInputId, type ParamField } from '../utils/parameter-fields';
import {
  defaultFormValues,
  formErrors,
  formValuesFromSaved,
  isBlankFormValue,
  toParameters,
  type FormErrors,
  type FormValue,
  type FormValues,
} from '../utils/parameter-values';

export interface ParameterValues {
  values: FormValues;
  /** Only the messages to show now: a bad value at once, a missing one once touched or after a submit. */
  errors: FormErrors;
  setValue: (name: string, value: FormValue) => void;
  /** Fills the form from a saved configuration. */
  apply: (saved: Record<string, unknown>) => void;
  /** Shows every message; false (and focus on the first invalid field) when something is wrong. */
  validate: () => boolean;
  /**
   * Shows the server's per-field messages beside the fields they name, each until that field
   * changes, and focuses the first; answers the names it placed.
   */
  showServerErrors: (messages: Readonly<Record<string, string>>) => string[];
  /** The values as job parameters or a configuration's parameter_values. */
  parameters: () => Record<string, unknown>;
}

interface FormState {
  key: string | number | null;
  values: FormValues;
  touched: ReadonlySet<string>;
  showAll: boolean;
  server: FormErrors;
}

const fresh = (key: FormState['key'], values: FormValues): FormState => ({
  key,
  values,
  touched: new Set(),
  showAll: false,
  server: {},
});

function without(errors: FormErrors, name: string): FormErrors {
  if (!(name in errors)) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

function focusField(name: string): void {
  document.getElementById(parameterInputId(name))?.focus();
}

/**
 * The state of one parameter form. `formKey` names what the fields belong to (a workflow id):
 * when it changes the form starts again from the new fields' defaults.
 */
export function useParameterValues(fields: readonly ParamField[], formKey: string | number | null): ParameterValues {
  const [state, setState] = useState<FormState>(() => fresh(formKey, defaultFormValues(fields)));
  // Reset during render rather than in an effect, so stale values are never shown for a new workflow.
  const current = state.key === formKey ? state : fresh(formKey, defaultFormValues(fields));
  if (current !== state) setState(current);

  const { values, touched, showAll, server } = current;
  const allErrors = useMemo(() => formErrors(fields, values), [fields, values]);
  const errors = useMemo(
    () => ({
      ...server,
      ...Object.fromEntries(
        Object.entries(allErrors).filter(([name]) => showAll || touched.has(name) || !isBlankFormValue(values[name])),
      ),
    }),
    [allErrors, server, showAll, touched, values],
  );

  return {
    values,
    errors,
    setValue: (name, value) =>
      setState((s) => ({
        ...s,
        values: { ...s.values, [name]: value },
        touched: new Set(s.touched).add(name),
        server: without(s.server, name),
      })),
    apply: (saved) => setState(fresh(formKey, formValuesFromSaved(fields, saved))),
    validate: () => {
      setState((s) => ({ ...s, showAll: true }));
      const first = fields.find((field) => allErrors[field.name]);
      if (!first) return true;
      focusField(first.name);
      return false;
    },
    showServerErrors: (messages) => {
      const placed = fields.filter((field) => messages[field.name]).map((field) => field.name);
      setState((s) => ({ ...s, server: Object.fromEntries(placed.map((name) => [name, messages[name]!])) }));
      if (placed[0]) focusField(placed[0]);
      return placed;
    },
    parameters: () => toParameters(fields, values),
  };
}
