import { EmptyState, VStack } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';

/**
 * Shown in place of admin screens to users without an admin role: the dashboard's text (SPEC
 * section 2) unless the screen says otherwise (the slug editor's, SPEC section 6).
 */
export function AccessDenied({ description = MESSAGES.accessDeniedBody }: { description?: string }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="l3" bg="bg" maxW="lg" mx="auto" mt={{ base: 4, md: 12 }}>
      <EmptyState.Content>
        <EmptyState.Indicator color="red.fg">
          <LockIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">{MESSAGES.accessDeniedTitle}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
    </svg>
  );
}
