import { Box, Flex, Link } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { currentUserAtom, isAdminAtom } from '../../features/auth/atoms/session-atom';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { LiveUpdatesStatus } from '../../features/live/components/live-updates-status';
import { QueueBadge } from '../../features/queue/components/queue-badge';
import { MenuToggle } from './menu-toggle';
import { NavLinks } from './nav-links';
import { NavUser } from './nav-user';

const LINKS_ID = 'nav-links';
const USER_ID = 'nav-user';

/**
 * One row from laptop width up. On a phone: logo, queue badge and a menu button, the links and
 * the user block folding out below. Under the row, a line while live updates are paused.
 */
export function TopNav() {
  const user = useAtomValue(currentUserAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // Remembering where the menu was opened closes it by itself after navigating.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === pathname;
  const foldable = { base: menuOpen ? 'flex' : 'none', lg: 'flex' };

  return (
    <Box as="nav" aria-label="Main" bg="bg" borderBottomWidth="1px" position="sticky" top={0} zIndex="sticky">
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: 4, md: 6 }}
        py={{ base: 2, lg: 0 }}
        minH={{ lg: 16 }}
        align="center"
        wrap="wrap"
        columnGap={{ base: 2, lg: 4, xl: 6 }}
        rowGap={2}
      >
        <Link asChild order={0} _hover={{ textDecoration: 'none' }}>
          <RouterLink to={paths.home.href()}>
            <Logo />
          </RouterLink>
        </Link>
        <Box
          id={LINKS_ID}
          display={foldable}
          order={{ base: 3, lg: 1 }}
          flex={{ lg: 1 }}
          w={{ base: 'full', lg: 'auto' }}
        >
          <NavLinks isAdmin={isAdmin} />
        </Box>
        <Box order={{ base: 1, lg: 2 }} ml={{ base: 'auto', lg: 0 }}>
          <QueueBadge />
        </Box>
        <Box
          id={USER_ID}
          display={foldable}
          order={{ base: 4, lg: 3 }}
          w={{ base: 'full', lg: 'auto' }}
          pb={{ base: 2, lg: 0 }}
        >
          <NavUser username={user?.username ?? ''} onSignOut={signOut} />
        </Box>
        <Box order={2} display={{ lg: 'none' }}>
          <MenuToggle
            open={menuOpen}
            controls={`${LINKS_ID} ${USER_ID}`}
            onToggle={() => setOpenedAt(menuOpen ? null : pathname)}
          />
        </Box>
      </Flex>
      {/* inside the sticky bar: seen however far the page is scrolled, and covering nothing */}
      <LiveUpdatesStatus />
    </Box>
  );
}
