import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { CONFIG_NAME_MAX, MESSAGES, saveConfigurationRequestSchema } from '@atelier/shared';
import { useState } from 'react';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { useSaveConfiguration } from '../api/save-configuration';

const SAVED_TEXT = 'Configuration saved successfully!';

/** Saves the form's current values under a name; the same name again replaces them. */
export function SaveConfigurationForm({
  workflowId,
  getValues,
  buttonLabel,
}: {
  workflowId: number | null;
  getValues: () => Record<string, unknown>;
  buttonLabel: string;
}) {
  const save = useSaveConfiguration();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const onSave = () => {
    const request = saveConfigurationRequestSchema.safeParse({
      workflow_id: workflowId ?? undefined,
      config_name: name,
      parameter_values: workflowId === null ? {} : getValues(),
    });
    if (!request.success) {
      setMessage({ status: 'error', text: request.error.issues[0]?.message ?? MESSAGES.saveConfigurationFailed });
      return;
    }
    setMessage(null);
    save.mutate(request.data, {
      onSuccess: () => {
        setName('');
        setMessage({ status: 'success', text: SAVED_TEXT });
      },
      onError: (error) => setMessage({ status: 'error', text: errorText(error, MESSAGES.saveConfigurationFailed) }),
    });
  };

  return (
    <Stack gap={3}>
      <Field.Root>
        <Field.Label>Configuration name</Field.Label>
        <HStack w="full" gap={2}>
          <Input
            flex={1}
            minW={0}
            value={name}
            maxLength={CONFIG_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && onSave()}
          />
          <Button variant="outline" flexShrink={0} loading={save.isPending} onClick={onSave}>
            {buttonLabel}
          </Button>
        </HStack>
      </Field.Root>
      <FormMessage message={message} />
    </Stack>
  );
}
