import { IconButton } from '@chakra-ui/react';

/** Opens the collapsed navigation on narrow screens. */
export function MenuToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  return (
    <IconButton
      aria-label="Menu"
      aria-expanded={open}
      aria-controls={controls}
      variant="ghost"
      size="sm"
      onClick={onToggle}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        {open ? (
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        )}
      </svg>
    </IconButton>
  );
}
