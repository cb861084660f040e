// Searches by title for the materials and templates the actions take an id for.
export { findSearches as searches } from './find';
