import type { MikroORM } from '@mikro-orm/postgresql';
import {
  conversationId, Inquiry, listingApprovedNotice, Message, newInquiryNotice, newMessageNotice, type ConversationKey,
} from '@voltmarket/domain';
import { PostgresConversationStore, PostgresInquiryRepository } from '../conversation-store.js';
import { PostgresNotificationRepository } from '../notification-store.js';
import { PostgresWishlist } from '../wishlist-store.js';
import { sqlRows } from '../sql.js';
import { demoSeller } from './demo-sellers.js';

const MINUTE = 60_000;
const NAMES: Record<string, string> = { 'demo-buyer-tunde': 'Tunde Adeyemi', 'demo-seller-ada': demoSeller('ada').name, 'demo-seller-emeka': demoSeller('bello').name };

/**
 * A buyer's first day, ready to try: Tunde has asked Ada and Emeka's dealership about their cars,
 * Emeka has answered, a visitor has sent Ada an inquiry, and Tunde keeps two cars in his wishlist.
 * Everyone talks about listings that were live before the talk began.
 */
export async function seedDemoConversations(orm: MikroORM, now: Date): Promise<void> {
  const store = new PostgresConversationStore(orm);
  const notices = new PostgresNotificationRepository(orm);
  const live = async (sellerId: string, minutesAgo: number) => (await sqlRows<{ id: number; title: string; location: string; approved_at: string }>(orm,
    `select id, title, location, approved_at from listings where seller_id = ? and status = 'active' and approved_at < ?
     order by approved_at desc limit 3`, [sellerId, new Date(now.getTime() - minutesAgo * MINUTE)])).map((r) => ({ ...r, approvedAt: new Date(r.approved_at) }));
  const [adas, emekas] = await Promise.all([live('demo-seller-ada', 120), live('demo-seller-emeka', 240)]);
  const ada = adas[0];
  const emeka = emekas[0];
  if (!ada || !emeka) return;

  const talk = async (key: ConversationKey, title: string, lines: [from: string, text: string, minutesAgo: number, read: boolean][]) => {
    await store.open(key, title, new Date(now.getTime() - lines[0]![2] * MINUTE));
    for (const [from, text, minutesAgo, read] of lines) {
      const at = new Date(now.getTime() - minutesAgo * MINUTE);
      const message = await store.addMessage(Message.write(key, from, text, at));
      if (read) await store.markRead(message.conversationId, message.receiverId, new Date(at.getTime() + MINUTE));
      else {
        await notices.add(newMessageNotice({ receiverId: message.receiverId, senderName: NAMES[from] ?? from, content: text, conversationId: conversationId(key), vehicleId: key.vehicleId }), at);
      }
    }
  };
  await talk({ vehicleId: emeka.id, buyerId: 'demo-buyer-tunde', sellerId: 'demo-seller-emeka' }, emeka.title, [
    ['demo-buyer-tunde', `Good morning. Is the ${emeka.title} still available?`, 180, true],
    ['demo-seller-emeka', `Good morning Tunde, Emeka here. Yes it is: you can see it at our ${emeka.location} branch any day this week.`, 170, true],
    ['demo-buyer-tunde', 'Would you take a little less if I pay in full on Saturday?', 30, true],
    ['demo-seller-emeka', 'We can talk about it when you see the car. Saturday at 10 works for me.', 4, false],
  ]);
  await talk({ vehicleId: ada.id, buyerId: 'demo-buyer-tunde', sellerId: 'demo-seller-ada' }, ada.title, [
    ['demo-buyer-tunde', 'Hello Ada, how is the battery health on this one? Any charger included?', 12, false],
  ]);

  const inquiry = Inquiry.send({
    vehicleId: ada.id, buyerName: 'Ngozi Chukwu', buyerEmail: 'ngozi.chukwu@example.ng', buyerPhone: '+2348095550404',
    message: `Good afternoon. Can I inspect the car in ${ada.location} this weekend? I would also like to know if it has been in an accident.`,
  }, 'demo-seller-ada', null, new Date(now.getTime() - 90 * MINUTE));
  await new PostgresInquiryRepository(orm).add(inquiry);
  await notices.add(newInquiryNotice({ sellerId: 'demo-seller-ada', buyerName: inquiry.buyerName, listingTitle: ada.title, vehicleId: ada.id, conversationId: null }), inquiry.createdAt);
  await notices.add(listingApprovedNotice({ sellerId: 'demo-seller-emeka', listingTitle: emeka.title, vehicleId: emeka.id }), emeka.approvedAt);

  const wishlist = new PostgresWishlist(orm);
  for (const [i, saved] of [emekas[1], adas[1]].entries()) {
    // Saved some hours ago, and never before the listing went live.
    const at = Math.max(now.getTime() - (i + 1) * 300 * MINUTE, saved ? saved.approvedAt.getTime() + 30 * MINUTE : 0);
    if (saved) await wishlist.add({ userId: 'demo-buyer-tunde', vehicleId: saved.id, title: saved.title, createdAt: new Date(at) });
  }
}
