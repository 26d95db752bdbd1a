import { HStack, Text } from '@chakra-ui/react';

/** The Atelier mark and wordmark; callers wrap it in a link where it navigates. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const mark = size === 'lg' ? 40 : 28;
  return (
    <HStack gap={2}>
      <svg width={mark} height={mark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#7c3aed" />
        <path
          d="M9 23 16 8l7 15M11.5 18h9"
          stroke="white"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text as="span" fontWeight="bold" fontSize={size === 'lg' ? '2xl' : 'lg'} letterSpacing="tight" color="fg">
        Atelier
      </Text>
    </HStack>
  );
}
