import { Container } from 'inversify';
import { adminModule } from './modules/admin.js';
import { advertisingModule } from './modules/advertising.js';
import { alertsModule } from './modules/alerts.js';
import { analyticsModule } from './modules/analytics.js';
import { conversationModule } from './modules/conversation.js';
import { identityModule } from './modules/identity.js';
import { listingModule } from './modules/listing.js';
import { mailModule } from './modules/mail.js';
import { marketModule } from './modules/market.js';
import { reviewModule } from './modules/review.js';
import { safetyModule } from './modules/safety.js';
import { contactModule } from './modules/contact.js';
import { developerModule } from './modules/developer.js';
import { sellerModule } from './modules/seller.js';
import { notificationModule } from './modules/notification.js';
import { type Infrastructure, platformModule } from './modules/platform.js';
import { rentalModule } from './modules/rental.js';
import { wishlistModule } from './modules/wishlist.js';

export { TOKENS } from './tokens.js';
export { type Infrastructure, systemClock } from './modules/platform.js';

/** The composition root: each bounded context's wiring is its own module in ./modules. */
export function buildContainer(infra: Infrastructure): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.loadSync(platformModule(infra), identityModule, listingModule, adminModule, conversationModule, notificationModule, wishlistModule, advertisingModule, rentalModule, mailModule, alertsModule, marketModule, reviewModule, sellerModule, analyticsModule, safetyModule, contactModule, developerModule);
  return c;
}
