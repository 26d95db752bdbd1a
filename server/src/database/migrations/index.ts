import { InitialSchema1795313379435 } from './1795313379435-initial-schema.js';

/** In order. Committed migrations are never edited; a change is a new file appended here. */
export const MIGRATIONS = [InitialSchema1795313379435];
