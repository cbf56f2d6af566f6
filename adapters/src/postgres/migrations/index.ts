import { Migration20261121000000_listings } from './Migration20261121000000_listings.js';
import { Migration20261121120000_audit_log } from './Migration20261121120000_audit_log.js';
import { Migration20261121130000_admin_search } from './Migration20261121130000_admin_search.js';
import { Migration20261124000000_fast_charging_minutes } from './Migration20261124000000_fast_charging_minutes.js';
import { Migration20261124000100_uploads } from './Migration20261124000100_uploads.js';
import { Migration20261124000200_phones_e164 } from './Migration20261124000200_phones_e164.js';
import { Migration20261124100000_car_of_the_week } from './Migration20261124100000_car_of_the_week.js';
import { Migration20261124200000_conversations } from './Migration20261124200000_conversations.js';
import { Migration20261125000000_payments } from './Migration20261125000000_payments.js';
import { Migration20261125100000_boosts } from './Migration20261125100000_boosts.js';
import { Migration20261126000000_rentals } from './Migration20261126000000_rentals.js';
import { Migration20261127000000_search_at_scale } from './Migration20261127000000_search_at_scale.js';
import { Migration20261127000100_boost_clearing } from './Migration20261127000100_boost_clearing.js';
import { Migration20261128000000_facet_words } from './Migration20261128000000_facet_words.js';
import { Migration20261128000100_words_found } from './Migration20261128000100_words_found.js';
import { Migration20261129000000_model_words } from './Migration20261129000000_model_words.js';
import { Migration20261130000000_promoted_slots } from './Migration20261130000000_promoted_slots.js';
import { Migration20261130000100_sandbox_key } from './Migration20261130000100_sandbox_key.js';
import { Migration20261201000000_no_rental_ratings } from './Migration20261201000000_no_rental_ratings.js';
import { Migration20261202000000_mail_outbox } from './Migration20261202000000_mail_outbox.js';
import { Migration20261202000100_saved_searches } from './Migration20261202000100_saved_searches.js';
import { Migration20261203000000_market_prices } from './Migration20261203000000_market_prices.js';

/** Listed explicitly so migrations run the same from tsx, a build, or a test, with no folder scan. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000_listings', class: Migration20261121000000_listings },
  { name: 'Migration20261121120000_audit_log', class: Migration20261121120000_audit_log },
  { name: 'Migration20261121130000_admin_search', class: Migration20261121130000_admin_search },
  { name: 'Migration20261124000000_fast_charging_minutes', class: Migration20261124000000_fast_charging_minutes },
  { name: 'Migration20261124000100_uploads', class: Migration20261124000100_uploads },
  { name: 'Migration20261124000200_phones_e164', class: Migration20261124000200_phones_e164 },
  { name: 'Migration20261124100000_car_of_the_week', class: Migration20261124100000_car_of_the_week },
  { name: 'Migration20261124200000_conversations', class: Migration20261124200000_conversations },
  { name: 'Migration20261125000000_payments', class: Migration20261125000000_payments },
  { name: 'Migration20261125100000_boosts', class: Migration20261125100000_boosts },
  { name: 'Migration20261126000000_rentals', class: Migration20261126000000_rentals },
  { name: 'Migration20261127000000_search_at_scale', class: Migration20261127000000_search_at_scale },
  { name: 'Migration20261127000100_boost_clearing', class: Migration20261127000100_boost_clearing },
  { name: 'Migration20261128000000_facet_words', class: Migration20261128000000_facet_words },
  { name: 'Migration20261128000100_words_found', class: Migration20261128000100_words_found },
  { name: 'Migration20261129000000_model_words', class: Migration20261129000000_model_words },
  { name: 'Migration20261130000000_promoted_slots', class: Migration20261130000000_promoted_slots },
  { name: 'Migration20261130000100_sandbox_key', class: Migration20261130000100_sandbox_key },
  { name: 'Migration20261201000000_no_rental_ratings', class: Migration20261201000000_no_rental_ratings },
  { name: 'Migration20261202000000_mail_outbox', class: Migration20261202000000_mail_outbox },
  { name: 'Migration20261202000100_saved_searches', class: Migration20261202000100_saved_searches },
  { name: 'Migration20261203000000_market_prices', class: Migration20261203000000_market_prices },
];
