import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ConfirmPayment, Notifier, type PaymentGateway, PurchaseBoost, type ReferenceGenerator } from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresAdvertisingPackageRepository, PostgresPaymentRepository } from '../../postgres/payment-store.js';
import { PaystackPaymentGateway } from '../../paystack/paystack-payment-gateway.js';

/** Without a Paystack key the sandbox checkout stands in, signing with this test key. */
export const SANDBOX_SECRET_KEY = 'sk_test_sandbox';

/** Boosts and the payments that buy them. */
export const advertisingModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PaymentRepository).toResolvedValue((orm: MikroORM) => new PostgresPaymentRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.AdvertisingPackageRepository).toResolvedValue((orm: MikroORM) => new PostgresAdvertisingPackageRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.PaymentGateway).toResolvedValue((config: AppConfig): PaymentGateway => new PaystackPaymentGateway(
    config.paystackSecretKey ? { secretKey: config.paystackSecretKey } : { secretKey: SANDBOX_SECRET_KEY, baseUrl: `${config.publicUrl}/sandbox/paystack` },
  ), [TOKENS.Config]);
  bind(TOKENS.ReferenceGenerator).toConstantValue({ next: () => `vm-${randomUUID()}` } satisfies ReferenceGenerator);
  const { ListingRepository: L, UserRepository: U, PaymentRepository: P, AdvertisingPackageRepository: A, PaymentGateway: G, UnitOfWork: W, Clock: K } = TOKENS;
  bind(PurchaseBoost).toResolvedValue(
    (l, u, p, a, g, r, w, k, config: AppConfig) => new PurchaseBoost(l, u, p, a, g, r, w, k, `${config.publicUrl}/api/payments/paystack/callback`),
    [L, U, P, A, G, TOKENS.ReferenceGenerator, W, K, TOKENS.Config]);
  bind(ConfirmPayment).toResolvedValue((p, a, l, g, n, w, k) => new ConfirmPayment(p, a, l, g, n, w, k), [P, A, L, G, Notifier, W, K]);
});
