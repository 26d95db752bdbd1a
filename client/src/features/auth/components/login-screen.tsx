import { Alert, Box, Center, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { sessionEndedByServer } from '../../../lib/session-storage';
import { Logo } from '../../../components/logo';
import { LoginForm } from './login-form';

/** The only screen a signed-out visitor sees, whatever the path (SPEC section 1). */
export function LoginScreen() {
  const [ended] = useState(sessionEndedByServer);
  return (
    <Center as="main" minH="100dvh" bg="bg.subtle" px={4} py={10}>
      <title>Sign in · Atelier</title>
      <Stack gap={8} w="full" maxW="sm">
        <Stack gap={3} align="center" textAlign="center">
          <Logo size="lg" />
          <Text color="fg.muted">Run your team&apos;s image and video workflows.</Text>
        </Stack>
        {ended && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>
              Your session has ended (it expired, or your account changed). Please sign in again.
            </Alert.Title>
          </Alert.Root>
        )}
        <Box bg="bg" borderWidth="1px" rounded="l3" shadow="sm" p={{ base: 6, md: 8 }}>
          <LoginForm />
        </Box>
      </Stack>
    </Center>
  );
}
