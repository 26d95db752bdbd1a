import type { StatusIconName } from './job-status-meta';

const PATHS: Record<StatusIconName, string> = {
  check: 'M5 12.5 10 17.5 19 7',
  spinner: 'M12 3a9 9 0 1 1-9 9',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2',
  upload: 'M12 16V5M7 10l5-5 5 5M5 19h14',
  cross: 'M6 6l12 12M18 6 6 18',
  ban: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6l12.8 12.8',
  alert: 'M12 4 2.5 20h19L12 4ZM12 10v4M12 17.2v.1',
  question: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.4M12 17.2v.1',
};

/** The small glyph in front of a status label. */
export function StatusIcon({ name }: { name: StatusIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
