import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { ShortcutSheet } from '../../features/gallery/components/shortcut-sheet';
import { TopNav } from './top-nav';

export function AppLayout() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <TopNav />
      <ShortcutSheet />
      <Box as="main" maxW="7xl" mx="auto" px={{ base: 4, md: 6 }} py={{ base: 5, md: 8 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
