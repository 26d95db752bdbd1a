/** Business constants of SPEC section 9, shared by server and client. */

export const POLL_INTERVAL_MS = 5000;

export const BATCH_SIZE_MIN = 1;
export const BATCH_SIZE_MAX = 999_999;
export const BATCH_SIZE_DEFAULT = 1;
/** The longest job name a job may carry (submit and clone). */
export const JOB_NAME_MAX_LENGTH = 200;

export const SEED_MIN = 0;
export const SEED_MAX = 4_294_967_295;
/** SPEC section 5: a float override steps by 0.1 unless its rules say otherwise. */
export const FLOAT_STEP_DEFAULT = 0.1;

export const HISTORY_PAGE_SIZE = 10;
/** The deepest history page asked for; beyond it a page number is a typo, not a place. */
export const HISTORY_PAGE_MAX = 1_000_000;
/** Every search box and text filter: longer text matches nothing a name or tag could hold. */
export const SEARCH_MAX_LENGTH = 200;
export const RECENT_JOBS_COUNT = 5;
export const GALLERY_JOB_LOOKUP_LIMIT = 100;
export const GALLERY_PAGE_SIZE = 100;

export const FOLDER_NAME_MAX = 50;
/**
 * A folder name's 50 characters are counted as a reader sees them (a flag is one), so a name can
 * hold more code points than that: up to 10 a character on average (a family emoji with skin tones
 * is 11), and no more, so one character heaped with combining marks cannot make a name of any size.
 */
export const FOLDER_NAME_MAX_CODE_POINTS = 500;
export const FOLDER_HOTKEY_LENGTH = 1;
export const DEFAULT_FOLDER_COLOR = '#3B82F6';
/** The folder colour palette: 12 colours, the default first. */
export const FOLDER_COLORS = [
  '#3B82F6',
  '#EF4444',
  '#F97316',
  '#F59E0B',
  '#EAB308',
  '#22C55E',
  '#10B981',
  '#06B6D4',
  '#6366F1',
  '#8B5CF6',
  '#EC4899',
  '#64748B',
] as const;
export const HOTKEY_PANEL_FOLDERS = 8;

export const WORKFLOW_LIST_MAX_TAG_CHIPS = 8;
export const WORKFLOW_CARD_MAX_TAGS = 3;
export const GALLERY_TILE_MAX_TAGS = 2;
/** Workflow tags and gallery tags alike. */
export const TAG_MAX_LENGTH = 50;
/** A whole day as the date filters spell it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that names a day on the calendar (not 2026-02-31, not year 0). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
export const GALLERY_FOLDER_GRID_MAX_COLUMNS = 5;

export const DASHBOARD_TOP_WORKFLOWS = 5;
export const DASHBOARD_TOP_USERS = 5;
export const ANALYTICS_PERIODS = ['7days', '30days', '90days'] as const;
export const DEFAULT_ANALYTICS_PERIOD = '30days';

export const QUICK_DATE_RANGES = ['Today', '7 days', '30 days', 'All Time'] as const;

export const LIGHTBOX_ZOOM_MIN = 0.5;
export const LIGHTBOX_ZOOM_MAX = 10;
export const LIGHTBOX_ZOOM_OUT_STEP = 0.9;
export const LIGHTBOX_ZOOM_IN_STEP = 1.1;
export const MOVED_TOAST_MS = 1500;

export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'avi', 'mkv', 'flv', 'wmv', 'm4v'] as const;

export const INFINITE_SCROLL_THRESHOLD_PX = 500;
export const SLUG_CREATE_REDIRECT_MS = 1500;

export const WORKFLOW_CATEGORIES = [
  'General',
  'Image Generation',
  'Text Processing',
  'Video Generation',
  'Audio Processing',
] as const;
export const DEFAULT_WORKFLOW_CATEGORY = 'Image Generation';

export const QUICK_ADD_TAGS = [
  'stable-diffusion',
  'workflow',
  'ai-art',
  'upscaling',
  'enhancement',
  'portrait',
  'landscape',
  'animation',
  'text-to-image',
  'comfyui',
] as const;

export const EOK_PROVIDERS = ['novita', 'vast', 'novita-serverless'] as const;
export const DEFAULT_EOK_PROVIDER = 'novita';
export const GENERATION_TYPES = ['image', 'video'] as const;
export const DEFAULT_GENERATION_TYPE = 'image';
export const CLASSIFICATION_TYPES = ['permissive', 'strict'] as const;
export const DEFAULT_CLASSIFICATION_TYPE = 'permissive';
export const SEED_MODES = ['random', 'fixed'] as const;
export const DEFAULT_SEED_MODE = 'random';
/** SPEC leaves the exact value open ("a test bucket"). */
export const DEFAULT_BUCKET_NAME = 'atelier-test-bucket';

export const API_KEY_DISPLAY_LENGTH = 12;
export const CODE_EDITOR_FONT_SIZE = 14;
export const CODE_EDITOR_TAB_WIDTH = 2;

/** Seconds to whole minutes, rounded up (SPEC section 2, Queue). */
export function estimatedWaitMinutes(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil(seconds / 60);
}

export function isVideoPath(filePath: string | null | undefined): boolean {
  if (!filePath) return false;
  const clean = filePath.split(/[?#]/, 1)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = clean.slice(dot + 1).toLowerCase();
  return (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

export function clampBatchSize(value: number): number {
  if (!Number.isFinite(value)) return BATCH_SIZE_DEFAULT;
  return Math.min(BATCH_SIZE_MAX, Math.max(BATCH_SIZE_MIN, Math.trunc(value)));
}
