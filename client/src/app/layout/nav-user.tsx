import { Button, Stack, Text } from '@chakra-ui/react';

/** Who is signed in, and the way out. */
export function NavUser({ username, onSignOut }: { username: string; onSignOut: () => void }) {
  return (
    <Stack
      direction="row"
      align="center"
      justify={{ base: 'space-between', lg: 'flex-start' }}
      gap={3}
      w={{ base: 'full', lg: 'auto' }}
      px={{ base: 3, lg: 0 }}
      pt={{ base: 3, lg: 0 }}
      borderTopWidth={{ base: '1px', lg: 0 }}
    >
      {/* The phone menu has the room to show the whole name; only the laptop row cuts it short. */}
      <Text
        fontSize="sm"
        color="fg.muted"
        title={username}
        flex={{ base: 1, lg: 'none' }}
        minW={0}
        overflowWrap="anywhere"
        maxW={{ lg: '8rem', xl: '14rem' }}
        whiteSpace={{ lg: 'nowrap' }}
        overflow={{ lg: 'hidden' }}
        textOverflow={{ lg: 'ellipsis' }}
      >
        {/* Where the row is tightest the name alone says enough. */}
        <Text as="span" display={{ lg: 'none', xl: 'inline' }}>
          Signed in as{' '}
        </Text>
        <Text as="span" fontWeight="semibold" color="fg">
          {username}
        </Text>
      </Text>
      <Button size="sm" variant="outline" onClick={onSignOut}>
        Sign out
      </Button>
    </Stack>
  );
}
