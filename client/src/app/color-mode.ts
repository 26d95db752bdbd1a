const DARK = '(prefers-color-scheme: dark)';

/**
 * Light or dark as the system says, and again whenever the system changes its mind. Chakra's
 * tokens switch on a `dark` class on <html>; `color-scheme` gives native controls (date pickers,
 * scroll bars) the same mode. Run before the first render, so no page flashes light in dark.
 */
export function followSystemColorMode(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia(DARK);
  const apply = () => {
    root.classList.toggle('dark', query.matches);
    root.classList.toggle('light', !query.matches);
    root.style.colorScheme = query.matches ? 'dark' : 'light';
  };
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
