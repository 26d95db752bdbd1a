import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Center minH="100dvh" role="status">
      <VStack gap={3}>
        <Spinner size="lg" color="purple.solid" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  );
}
