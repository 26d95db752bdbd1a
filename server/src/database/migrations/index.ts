import { InitialSchema1795313379435 } from './1795313379435-initial-schema.js';
import { SystemSettings1795320000000 } from './1795320000000-system-settings.js';
import { GallerySearch1795330000000 } from './1795330000000-gallery-search.js';

/** In order. Committed migrations are never edited; a change is a new file appended here. */
export const MIGRATIONS = [InitialSchema1795313379435, SystemSettings1795320000000, GallerySearch1795330000000];
