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
  /** The values as job parameters or a configuration's parameter_values. */
  parameters: () => Record<string, unknown>;
}

interface FormState {
  key: string | number | null;
  values: FormValues;
  touched: ReadonlySet<string>;
  showAll: boolean;
}

const fresh = (key: FormState['key'], values: FormValues): FormState => ({
  key,
  values,
  touched: new Set(),
  showAll: false,
});

/**
 * The state of one parameter form. `formKey` names what the fields belong to (a workflow id):
 * when it changes the form starts again from the new fields' defaults.
 */
export function useParameterValues(fields: readonly ParamField[], formKey: string | number | null): ParameterValues {
  const [state, setState] = useState<FormState>(() => fresh(formKey, defaultFormValues(fields)));
  // Reset during render rather than in an effect, so stale values are never shown for a new workflow.
  const current = state.key === formKey ? state : fresh(formKey, defaultFormValues(fields));
  if (current !== state) setState(current);

  const { values, touched, showAll } = current;
  const allErrors = useMemo(() => formErrors(fields, values), [fields, values]);
  const errors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(allErrors).filter(([name]) => showAll || touched.has(name) || !isBlankFormValue(values[name])),
      ),
    [allErrors, showAll, touched, values],
  );

  return {
    values,
    errors,
    setValue: (name, value) =>
      setState((s) => ({ ...s, values: { ...s.values, [name]: value }, touched: new Set(s.touched).add(name) })),
    apply: (saved) => setState(fresh(formKey, formValuesFromSaved(fields, saved))),
    validate: () => {
      setState((s) => ({ ...s, showAll: true }));
      const first = fields.find((field) => allErrors[field.name]);
      if (!first) return true;
      document.getElementById(parameterInputId(first.name))?.focus();
      return false;
    },
    parameters: () => toParameters(fields, values),
  };
}
