import type { Role } from '@atelier/shared';
import type { SampleWorkflowKey } from './sample-workflows.js';

/** Every demo account signs in with this; printed at the end of a run. */
export const DEMO_PASSWORD = 'demo-password';
/** Demo accounts are recognised by this e-mail domain, so a leftover of an interrupted run is never a real user. */
export const DEMO_EMAIL_DOMAIN = 'demo.example.com';

export interface DemoFolder {
  name: string;
  hotkey: string | null;
  color: string;
}

export interface DemoConfiguration {
  workflow: SampleWorkflowKey;
  name: string;
  /** As the parameter form sends them (slug workflows by ui_parameter_name). */
  values: Record<string, unknown>;
  daysAgo: number;
}

/** Some of a job's produced items, in batch order: `take` of them after the first `skip`. */
export interface ItemPick {
  job: string;
  skip?: number;
  take: number;
}

export interface DemoUser {
  username: string;
  role: Role;
  /** Workflows left out of the user's grants, so the admin Manage dialog shows a partial set. */
  withheld: SampleWorkflowKey[];
  favourites: SampleWorkflowKey[];
  configurations: DemoConfiguration[];
  folders: DemoFolder[];
  moves: Array<ItemPick & { folder: string }>;
  archived: ItemPick[];
  tagged: Array<ItemPick & { tags: string[] }>;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'demo_alice',
    role: 'user',
    withheld: [],
    favourites: ['textToImage', 'fluxPortrait', 'textToVideo'],
    configurations: [
      {
        workflow: 'textToImage',
        name: 'Dusk oil painting',
        values: {
          prompt: 'a lighthouse on a cliff at dusk, oil painting, thick brush strokes',
          negative_prompt: 'blurry, low quality, watermark',
          seed: { mode: 'fixed', seed: 1200 },
          steps: 30,
          cfg: 7.5,
          width: 768,
          height: 512,
          sampler: 'dpmpp_2m',
        },
        daysAgo: 27,
      },
      {
        workflow: 'fluxPortrait',
        name: 'Soft window light',
        values: {
          prompt: 'studio portrait of a violinist, soft window light, 85mm',
          steps: 28,
          cfg: 3.5,
          width: 512,
          height: 768,
          seed: { mode: 'random', seed: 731_406_522 },
        },
        daysAgo: 20,
      },
    ],
    folders: [
      { name: 'Portfolio', hotkey: '1', color: '#3B82F6' },
      { name: 'Client review', hotkey: '2', color: '#10B981' },
      { name: 'Wallpapers', hotkey: 'w', color: '#8B5CF6' },
      { name: 'Sketchbook', hotkey: 's', color: '#F59E0B' },
    ],
    moves: [
      { folder: 'Portfolio', job: 'Lighthouse studies', take: 12 },
      { folder: 'Portfolio', job: 'Portrait session', take: 6 },
      { folder: 'Client review', job: 'Portrait session', skip: 6, take: 10 },
      { folder: 'Wallpapers', job: 'Alpine mornings', take: 8 },
      { folder: 'Wallpapers', job: 'Ocean loops', take: 3 },
      { folder: 'Sketchbook', job: 'Quick sketches', take: 7 },
    ],
    archived: [{ job: 'Lighthouse studies', skip: 30, take: 10 }],
    tagged: [
      { job: 'Lighthouse studies', take: 4, tags: ['hero'] },
      { job: 'Portrait session', skip: 6, take: 3, tags: ['client-pick', 'retouch', 'print'] },
      { job: 'Neon city', take: 2, tags: ['wip'] },
    ],
  },
  {
    username: 'demo_bob',
    role: 'user',
    withheld: ['upscale'],
    favourites: ['sdxlLandscape', 'textToImage'],
    configurations: [
      {
        workflow: 'sdxlLandscape',
        name: 'Wide alpine',
        values: {
          prompt: 'alpine valley at sunrise, mist, wide angle',
          sampler: 'dpmpp_2m',
          steps: 30,
          cfg: 7,
          width: 768,
          height: 512,
          seed: { mode: 'random', seed: 2_094_311_870 },
        },
        daysAgo: 16,
      },
    ],
    folders: [
      { name: 'Keepers', hotkey: '1', color: '#EF4444' },
      { name: 'Storyboard', hotkey: '2', color: '#14B8A6' },
      { name: 'References', hotkey: 'r', color: '#6366F1' },
    ],
    moves: [
      { folder: 'Keepers', job: 'Product shots', take: 9 },
      { folder: 'Keepers', job: 'Landscape set', take: 6 },
      { folder: 'Storyboard', job: 'Storyboard frames', take: 5 },
      { folder: 'Storyboard', job: 'Timelapse tests', take: 2 },
      { folder: 'References', job: 'Moodboard', take: 8 },
    ],
    archived: [{ job: 'Product shots', skip: 20, take: 8 }],
    tagged: [
      { job: 'Product shots', take: 3, tags: ['catalogue', 'white-background'] },
      { job: 'Character sheet', take: 2, tags: ['hero', 'v2'] },
    ],
  },
  {
    username: 'demo_carol',
    role: 'admin',
    withheld: [],
    favourites: ['fluxPortrait', 'sdxlLandscape', 'textToVideo'],
    configurations: [
      {
        workflow: 'fluxPortrait',
        name: 'Team headshot',
        values: {
          prompt: 'corporate headshot, neutral grey backdrop, soft key light',
          negative_prompt: 'harsh shadows',
          steps: 24,
          cfg: 4,
          width: 512,
          height: 768,
          seed: { mode: 'fixed', seed: 4242 },
        },
        daysAgo: 22,
      },
      {
        workflow: 'textToVideo',
        name: 'Beach loop',
        values: {
          prompt: 'waves rolling onto a beach at sunset',
          seed: { mode: 'random', seed: 58_213_977 },
          frames: 97,
          fps: 30,
          steps: 30,
        },
        daysAgo: 9,
      },
    ],
    folders: [
      { name: 'Campaign', hotkey: 'c', color: '#EC4899' },
      { name: 'Approved', hotkey: '1', color: '#22C55E' },
      { name: 'Team', hotkey: 't', color: '#0EA5E9' },
      { name: 'Print', hotkey: 'p', color: '#F97316' },
      { name: 'Ideas', hotkey: null, color: '#3B82F6' },
    ],
    moves: [
      { folder: 'Campaign', job: 'Catalogue covers', take: 10 },
      { folder: 'Campaign', job: 'Launch teaser', take: 4 },
      { folder: 'Approved', job: 'Catalogue covers', skip: 10, take: 6 },
      { folder: 'Team', job: 'Team portraits', take: 14 },
      { folder: 'Print', job: 'Weekly picks', take: 5 },
      { folder: 'Ideas', job: 'Brand explorations', take: 6 },
    ],
    archived: [
      { job: 'Catalogue covers', skip: 24, take: 6 },
      { job: 'Poster drafts', take: 3 },
    ],
    tagged: [
      { job: 'Team portraits', take: 5, tags: ['team'] },
      { job: 'Brand explorations', skip: 6, take: 3, tags: ['logo', 'blue', 'round-2'] },
      { job: 'Launch teaser', take: 1, tags: ['final'] },
    ],
  },
];
