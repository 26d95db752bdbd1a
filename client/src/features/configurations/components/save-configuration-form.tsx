import { Field, HStack, Input, Stack } from '@chakra-ui/react';
import { CONFIG_NAME_MAX, MESSAGES, clipToCharacters, saveConfigurationRequestSchema } from '@atelier/shared';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText, fieldErrors } from '../../../lib/api-error';
import { useResetOnChange } from '../../../lib/use-reset-on-change';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useSaveConfiguration } from '../api/save-configuration';

const SAVED_TEXT = 'Configuration saved successfully!';

/** Saves the form's current values under a name; the same name again replaces them. */
export function SaveConfigurationForm({
  workflowId,
  getValues,
  showParameterErrors = () => [],
  buttonLabel,
}: {
  workflowId: number | null;
  getValues: () => Record<string, unknown>;
  /** Shows the server's messages beside the parameters they name; answers the names it placed. */
  showParameterErrors?: (messages: Readonly<Record<string, string>>) => string[];
  buttonLabel: string;
}) {
  const save = useSaveConfiguration();
  // Enter in the name reaches onSave() however the button looks: one save at a time
  const saveOnce = useSingleFlight(save);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const fail = (text: string) => setMessage({ status: 'error', text });
  useResetOnChange(workflowId, () => {
    setMessage(null);
    setNameError(null);
  });

  const onSave = () => {
    if (saveOnce.busy()) return;
    setMessage(null);
    const request = saveConfigurationRequestSchema.safeParse({
      workflow_id: workflowId ?? undefined,
      config_name: name,
      parameter_values: workflowId === null ? {} : getValues(),
    });
    if (!request.success) {
      const issues = request.error.issues;
      // The name's message sits beside the name; a missing workflow has no field here.
      setNameError(issues.find((issue) => issue.path[0] === 'config_name')?.message ?? null);
      const other = issues.find((issue) => issue.path[0] !== 'config_name');
      if (other) fail(other.message);
      return;
    }
    setNameError(null);
    saveOnce.mutate(request.data, {
      onSuccess: () => {
        setName('');
        setMessage({ status: 'success', text: SAVED_TEXT });
      },
      // as Generate does: each message beside its field, any other in the alert
      onError: (error) => {
        const { config_name: serverNameError, ...others } = fieldErrors(error);
        if (serverNameError) setNameError(serverNameError);
        const placed = showParameterErrors(others);
        const unplaced = Object.entries(others).find(([field]) => !placed.includes(field));
        if (unplaced) fail(unplaced[1]);
        else if (!serverNameError && placed.length === 0) fail(errorText(error, MESSAGES.saveConfigurationFailed));
      },
    });
  };

  return (
    <Stack gap={3}>
      <Field.Root invalid={nameError !== null}>
        <Field.Label>Configuration name</Field.Label>
        <HStack w="full" gap={2}>
          <Input
            flex={1}
            minW={0}
            value={name}
            // not maxLength, which counts UTF-16 units: the server counts characters, and an emoji is two units
            onChange={(event) => {
              setName(clipToCharacters(event.target.value, CONFIG_NAME_MAX));
              setNameError(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && onSave()}
          />
          <BusyButton variant="outline" flexShrink={0} loading={save.isPending} onClick={onSave}>
            {buttonLabel}
          </BusyButton>
        </HStack>
        <Field.ErrorText>{nameError}</Field.ErrorText>
      </Field.Root>
      <FormMessage message={message} />
    </Stack>
  );
}
