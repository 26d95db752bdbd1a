import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * A second Enter or click lands before the button shows it is busy (two submits in one instant):
 * `mutate` drops a call made while one is in flight, so one press of intent sends one request.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
) {
  const inFlight = useRef(false);
  return {
    busy: () => inFlight.current,
    mutate: (variables: TVariables, options: MutateOptions<TData, TError, TVariables, TContext> = {}) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutation.mutate(variables, {
        ...options,
        onSettled: (...settled) => {
          inFlight.current = false;
          return options.onSettled?.(...settled);
        },
      });
    },
  };
}
