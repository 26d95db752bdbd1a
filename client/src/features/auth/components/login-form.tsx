import { Alert, Field, Input, Stack } from '@chakra-ui/react';
import { MESSAGES, loginRequestSchema } from '@atelier/shared';
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-error';
import { useSignIn } from '../hooks/use-sign-in';

/** SPEC section 2, Login; both fields are checked here before anything is sent (section 5). */
export function LoginForm() {
  const { signIn, isPending, error, reset } = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldsError, setFieldsError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // one sign-in at a time: Enter in a field while 'Signing in...' must not send a second one
    if (isPending) return;
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      reset();
      setFieldsError(parsed.error.issues[0]?.message ?? MESSAGES.loginFieldsRequired);
      return;
    }
    setFieldsError(null);
    signIn(parsed.data);
  };

  const message = fieldsError ?? (error ? errorText(error, MESSAGES.invalidCredentials) : null);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap={5}>
        <Field.Root required invalid={fieldsError !== null && !username.trim()}>
          <Field.Label>Username</Field.Label>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field.Root>
        <Field.Root required invalid={fieldsError !== null && !password.trim()}>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        {message && (
          <Alert.Root status="error" variant="subtle" role="alert">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <BusyButton type="submit" colorPalette="purple" size="lg" loading={isPending} loadingText="Signing in...">
          Sign in
        </BusyButton>
      </Stack>
    </form>
  );
}
