import type { Search } from 'zapier-platform-core';
import { findSearches } from './find';

/** Searches by title for the materials and templates the actions take an id for. */
export const searches = { ...findSearches } satisfies Record<string, Search>;
