import { useMemo, useState } from 'react';
import { useDraftSource, useKeptDraft } from '../../auth/hooks/use-session-draft';
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
  /** The form started from what was typed here when the session last ended (see session-drafts). */
  restoredDraft: boolean;
}

interface FormState {
  /** undefined before the first render has chosen where the form starts */
  key: string | number | null | undefined;
  values: FormValues;
  touched: ReadonlySet<string>;
  showAll: boolean;
  server: FormErrors;
}

const fresh = (key: FormState['key'], values: FormValues, touched: ReadonlySet<string> = new Set()): FormState => ({
  key,
  values,
  touched,
  showAll: false,
  server: {},
});

function sameShape(value: unknown, like: FormValue): value is FormValue {
  if (typeof like !== 'object') return typeof value === typeof like;
  return (
    typeof value === 'object' &&
    value !== null &&
    'mode' in value &&
    'seed' in value &&
    (value.mode === 'random' || value.mode === 'fixed') &&
    typeof value.seed === 'string'
  );
}

/** A kept draft's values for the fields there are now, each of the kind the field holds. */
function draftValues(fields: readonly ParamField[], raw: unknown): FormValues | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const defaults = defaultFormValues(fields);
  const kept = Object.entries(raw).filter(
    ([name, value]) => Object.hasOwn(defaults, name) && sameShape(value, defaults[name]!),
  );
  return kept.length ? (Object.fromEntries(kept) as FormValues) : null;
}

function startingState(fields: readonly ParamField[], key: FormState['key'], draft: FormValues | null): FormState {
  return draft
    ? fresh(key, { ...defaultFormValues(fields), ...draft }, new Set(Object.keys(draft)))
    : fresh(key, defaultFormValues(fields));
}

function without(errors: FormErrors, name: string): FormErrors {
  if (!Object.hasOwn(errors, name)) return errors;
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
  const draftKey = formKey === null ? null : `parameters:${formKey}`;
  const kept = useKeptDraft(draftKey);
  const draft = useMemo(() => draftValues(fields, kept), [fields, kept]);
  const [state, setState] = useState<FormState>(() => fresh(undefined, {}));
  useDraftSource(draftKey, () => (state.key === formKey && state.touched.size > 0 ? state.values : undefined));
  // Reset during render rather than in an effect, so stale values are never shown for a new workflow.
  const current = state.key === formKey ? state : startingState(fields, formKey, draft);
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
      const first = fields.find((field) => Object.hasOwn(allErrors, field.name));
      if (!first) return true;
      focusField(first.name);
      return false;
    },
    showServerErrors: (messages) => {
      const placed = fields.filter((field) => Object.hasOwn(messages, field.name)).map((field) => field.name);
      setState((s) => ({ ...s, server: Object.fromEntries(placed.map((name) => [name, messages[name]!])) }));
      if (placed[0]) focusField(placed[0]);
      return placed;
    },
    parameters: () => toParameters(fields, values),
    restoredDraft: draft !== null,
  };
}
