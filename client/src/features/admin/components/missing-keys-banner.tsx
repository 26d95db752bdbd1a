import { Alert, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';

/** Override keys used by base workflows without a definition; a click prefills a new row. */
export function MissingKeysBanner({
  missing,
  onPick,
}: {
  missing: Readonly<Record<string, readonly string[]>>;
  onPick: (key: string) => void;
}) {
  const entries = Object.entries(missing).filter(([, keys]) => keys.length > 0);
  if (entries.length === 0) return null;
  return (
    <Alert.Root status="warning" variant="surface" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap={2}>
        <Alert.Title>Override keys used by base workflows without a definition</Alert.Title>
        <Stack gap={2} role="group" aria-label="Missing override keys">
          {entries.map(([workflow, keys]) => (
            <HStack key={workflow} gap={2} align="baseline" wrap="wrap">
              <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
                {workflow}:
              </Text>
              <Wrap gap={2}>
                {keys.map((key) => (
                  <Button key={key} size="xs" variant="outline" bg="bg" rounded="full" onClick={() => onPick(key)}>
                    {key}
                  </Button>
                ))}
              </Wrap>
            </HStack>
          ))}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
