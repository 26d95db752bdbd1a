import { Alert } from '@chakra-ui/react';

export interface FormMessageValue {
  status: 'success' | 'error' | 'info';
  text: string;
}

/** The outcome of a form's action: announced as it appears (an error as an alert, success politely). */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  return (
    <Alert.Root status={message.status} variant="subtle" role={message.status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{message.text}</Alert.Title>
    </Alert.Root>
  );
}
