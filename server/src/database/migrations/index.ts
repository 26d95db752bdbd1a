import { InitialSchema1795313379435 } from './1795313379435-initial-schema.js';
import { SystemSettings1795320000000 } from './1795320000000-system-settings.js';
import { GallerySearch1795330000000 } from './1795330000000-gallery-search.js';
import { GalleryCounts1795340000000 } from './1795340000000-gallery-counts.js';
import { GalleryCoveringIndexes1795350000000 } from './1795350000000-gallery-covering-indexes.js';
import { JobsAnalyticsCoveringIndexes1795360000000 } from './1795360000000-jobs-analytics-covering-indexes.js';
import { OverrideParameterNames1795370000000 } from './1795370000000-override-parameter-names.js';
import { FolderNameCharacters1795380000000 } from './1795380000000-folder-name-characters.js';
import { JobIdempotencyKeys1795390000000 } from './1795390000000-job-idempotency-keys.js';
import { ComposedNames1795400300000 } from './1795400300000-composed-names.js';

/** In order. Committed migrations are never edited; a change is a new file appended here. */
export const MIGRATIONS = [
  InitialSchema1795313379435,
  SystemSettings1795320000000,
  GallerySearch1795330000000,
  GalleryCounts1795340000000,
  GalleryCoveringIndexes1795350000000,
  JobsAnalyticsCoveringIndexes1795360000000,
  OverrideParameterNames1795370000000,
  FolderNameCharacters1795380000000,
  JobIdempotencyKeys1795390000000,
  ComposedNames1795400300000,
];
