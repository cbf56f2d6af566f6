import { Migration20261121000000_listings } from './Migration20261121000000_listings.js';
import { Migration20261121120000_audit_log } from './Migration20261121120000_audit_log.js';
import { Migration20261121130000_admin_search } from './Migration20261121130000_admin_search.js';
import { Migration20261124100000_car_of_the_week } from './Migration20261124100000_car_of_the_week.js';

/** Listed explicitly so migrations run the same from tsx, a build, or a test, with no folder scan. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000_listings', class: Migration20261121000000_listings },
  { name: 'Migration20261121120000_audit_log', class: Migration20261121120000_audit_log },
  { name: 'Migration20261121130000_admin_search', class: Migration20261121130000_admin_search },
  { name: 'Migration20261124100000_car_of_the_week', class: Migration20261124100000_car_of_the_week },
];
