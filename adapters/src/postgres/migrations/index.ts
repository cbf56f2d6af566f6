import { Migration20261121000000_listings } from './Migration20261121000000_listings.js';

/** Listed explicitly so migrations run the same from tsx, a build, or a test, with no folder scan. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000_listings', class: Migration20261121000000_listings },
];
