import { Link, Stack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { visibleNavItems } from './nav-items';

/** The section links: a column in the phone menu, a row from laptop width up. */
export function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Stack as="ul" listStyleType="none" w="full" direction={{ base: 'column', lg: 'row' }} gap={1}>
      {visibleNavItems(isAdmin).map((item) => (
        <li key={item.to}>
          <Link
            asChild
            display="block"
            px={{ base: 3, lg: 2.5, xl: 3 }}
            py={2}
            rounded="md"
            fontWeight="medium"
            color="fg.muted"
            _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
            _currentPage={{ bg: 'purple.subtle', color: 'purple.fg' }}
          >
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </Link>
        </li>
      ))}
    </Stack>
  );
}
