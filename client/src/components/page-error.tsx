import { Button, EmptyState, HStack, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { logger } from '../lib/logger';

/**
 * What a screen that threw while drawing shows, in place of react-router's developer page
 * ('Unexpected Application Error!', 'Hey developer'). Inside the app layout the navigation stays,
 * so the user can go on elsewhere; moving to another page clears it.
 */
export function PageError() {
  const error = useRouteError();
  useEffect(() => logger.error('a page failed to draw', error), [error]);
  return (
    <EmptyState.Root borderWidth="1px" rounded="l3" bg="bg" maxW="lg" mx="auto" mt={{ base: 4, md: 12 }} role="alert">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">This page could not be shown</EmptyState.Title>
          <EmptyState.Description>
            Something went wrong while drawing it. Reload the page to try again, or go on to another page.
          </EmptyState.Description>
        </VStack>
        <HStack>
          <Button size="sm" colorPalette="purple" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </HStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
