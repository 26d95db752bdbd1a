import { Box, Center, Stack, Text } from '@chakra-ui/react';
import { Logo } from '../../../components/logo';
import { LoginForm } from './login-form';

/** The only screen a signed-out visitor sees, whatever the path (SPEC section 1). */
export function LoginScreen() {
  return (
    <Center as="main" minH="100dvh" bg="bg.subtle" px={4} py={10}>
      <title>Sign in · Atelier</title>
      <Stack gap={8} w="full" maxW="sm">
        <Stack gap={3} align="center" textAlign="center">
          <Logo size="lg" />
          <Text color="fg.muted">Run your team&apos;s image and video workflows.</Text>
        </Stack>
        <Box bg="bg" borderWidth="1px" rounded="l3" shadow="sm" p={{ base: 6, md: 8 }}>
          <LoginForm />
        </Box>
      </Stack>
    </Center>
  );
}
