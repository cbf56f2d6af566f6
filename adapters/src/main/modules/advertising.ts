import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  AuditTrail, ConfirmPayment, FinishCheckout, GetAdvertisingSummary, GetMyPayment, ListAdminPackages, ListAdminPayments, ListMyPackages,
  ClearEndedBoosts, ListPackageOffers, Notifier, type PaymentGateway, PurchaseBoost, ReconcilePayments, type ReferenceGenerator, RefundPayment, RemindEndingBoosts,
} from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresAdvertisingPackageRepository, PostgresBoostReminders, PostgresPaymentRepository } from '../../postgres/payment-store.js';
import { PostgresAdvertisingReads } from '../../postgres/advertising-read-model.js';
import { PaystackPaymentGateway } from '../../paystack/paystack-payment-gateway.js';

/** Without a Paystack key the sandbox checkout stands in, with the key the API's database holds for it. */
export function sandboxKeyOf(config: AppConfig): string {
  if (!config.paystackSandboxKey) throw new Error('The sandbox checkout has no key: the API fills it in at start (see sandboxSecretKey)');
  return config.paystackSandboxKey;
}

/** Boosts and the payments that buy them. */
export const advertisingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PaymentRepository).toResolvedValue((orm: MikroORM) => new PostgresPaymentRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.AdvertisingPackageRepository).toResolvedValue((orm: MikroORM) => new PostgresAdvertisingPackageRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.AdvertisingReads).toResolvedValue((pool: pg.Pool) => new PostgresAdvertisingReads(pool), [TOKENS.ReadPool]);
  bind(TOKENS.BoostReminders).toResolvedValue((orm: MikroORM) => new PostgresBoostReminders(orm), [TOKENS.Orm]);
  bind(TOKENS.PaymentGateway).toResolvedValue((config: AppConfig): PaymentGateway => new PaystackPaymentGateway(
    config.paystackSecretKey
      ? { secretKey: config.paystackSecretKey }
      : { secretKey: sandboxKeyOf(config), baseUrl: `${config.publicUrl}/sandbox/paystack` },
  ), [TOKENS.Config]);
  bind(TOKENS.ReferenceGenerator).toConstantValue({ next: () => `vm-${randomUUID()}` } satisfies ReferenceGenerator);
  const {
    ListingRepository: L, UserRepository: U, PaymentRepository: P, AdvertisingPackageRepository: A, PaymentGateway: G, UnitOfWork: W, Clock: K,
    AdvertisingReads: R,
  } = TOKENS;
  bind(PurchaseBoost).toResolvedValue(
    (l, u, p, a, g, r, w, k, config: AppConfig) => new PurchaseBoost(l, u, p, a, g, r, w, k, `${config.publicUrl}/api/payments/paystack/callback`),
    [L, U, P, A, G, TOKENS.ReferenceGenerator, W, K, TOKENS.Config]);
  bind(ConfirmPayment).toResolvedValue((p, a, l, g, n, w, k) => new ConfirmPayment(p, a, l, g, n, w, k), [P, A, L, G, Notifier, W, K]);
  bind(FinishCheckout).toResolvedValue((p, a, c) => new FinishCheckout(p, a, c), [P, A, ConfirmPayment]);
  bind(ReconcilePayments).toResolvedValue((p, a, c, n, w, k) => new ReconcilePayments(p, a, c, n, w, k), [P, A, ConfirmPayment, Notifier, W, K]);
  bind(RefundPayment).toResolvedValue((p, a, l, g, t, n, r, w, k) => new RefundPayment(p, a, l, g, t, n, r, w, k), [P, A, L, G, AuditTrail, Notifier, R, W, K]);
  bind(RemindEndingBoosts).toResolvedValue((b, n, w, k) => new RemindEndingBoosts(b, n, w, k), [TOKENS.BoostReminders, Notifier, W, K]);
  bind(ClearEndedBoosts).toResolvedValue((b, w, k) => new ClearEndedBoosts(b, w, k), [TOKENS.BoostReminders, W, K]);
  bind(ListPackageOffers).toResolvedValue((r, k) => new ListPackageOffers(r, k), [R, K]);
  bind(ListMyPackages).toResolvedValue((r, k) => new ListMyPackages(r, k), [R, K]);
  bind(GetMyPayment).toResolvedValue((r, k) => new GetMyPayment(r, k), [R, K]);
  bind(ListAdminPayments).toResolvedValue((r, k) => new ListAdminPayments(r, k), [R, K]);
  bind(ListAdminPackages).toResolvedValue((r, k) => new ListAdminPackages(r, k), [R, K]);
  bind(GetAdvertisingSummary).toResolvedValue((r, k) => new GetAdvertisingSummary(r, k), [R, K]);
});
