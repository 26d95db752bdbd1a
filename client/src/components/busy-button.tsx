import { Button, Loader, type ButtonProps } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

/**
 * A Button whose `loading` keeps the focus: Chakra's own `loading` sets `disabled`, and a focused
 * button that becomes disabled drops the focus to the page, so a keyboard user who pressed Enter
 * on it starts again from the top. While busy it is aria-disabled and aria-busy, shows the
 * spinner and ignores clicks (a submit button submits nothing).
 */
export function BusyButton({ loading, loadingText, children, onClick, ...props }: ButtonProps) {
  const busy = loading === true;
  return (
    <Button
      {...props}
      aria-disabled={busy || props['aria-disabled']}
      aria-busy={busy || undefined}
      data-loading={busy ? '' : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy ? <Loader text={loadingText}>{children}</Loader> : children}
    </Button>
  );
}
