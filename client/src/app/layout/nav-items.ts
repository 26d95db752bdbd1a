import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (Generate is `/`, the prefix of everything). */
  end?: boolean;
  adminOnly?: boolean;
}

/** SPEC section 2, Top navigation, plus the analytics dashboard. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Generate', to: paths.home.href(), end: true },
  { label: 'History', to: paths.history.href() },
  { label: 'Gallery', to: paths.gallery.href() },
  { label: 'Analytics', to: paths.dashboard.href() },
  { label: 'Admin', to: paths.admin.href(), adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}
