import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { User, UserRepository } from '@voltmarket/domain';
import { requestEm } from './orm.js';
import { UserSchema } from './schemas.js';

export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly orm: MikroORM) {}

  findById(id: string): Promise<User | null> {
    return requestEm(this.orm).findOne(UserSchema, { id });
  }

  findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return requestEm(this.orm).find(UserSchema, { id: { $in: [...ids] } });
  }

  findForUpdate(id: string): Promise<User | null> {
    return requestEm(this.orm).findOne(UserSchema, { id }, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async countAdminsForRoleChange(): Promise<number> {
    const em = requestEm(this.orm);
    // Locks the admin rows until the transaction ends: a concurrent demotion waits, then counts again.
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `select id from users where role = 'admin' for update`, [], 'all', em.getTransactionContext(),
    );
    return rows.length;
  }

  async save(user: User): Promise<void> {
    await this.releaseEmail(user);
    await this.releaseVerifiedPhone(user);
    await requestEm(this.orm).persistAndFlush(user);
  }

  async registerIfAbsent(user: User): Promise<User> {
    const em = requestEm(this.orm);
    await this.releaseEmail(user);
    // The first requests of a new account may race here: the loser's insert does nothing, whether it
    // meets the winner's row in the id's unique index or first in the email's (`on conflict (id)` left
    // the email's index to raise a duplicate-key error, a 500).
    await em.getConnection().execute(
      `insert into users (id, email, email_verified, first_name, last_name, phone, profile_image_url, role, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [user.id, user.email, user.emailVerified, user.firstName, user.lastName, user.phone, user.profileImageUrl, user.role, user.createdAt, user.updatedAt],
      'run',
    );
    return em.findOneOrFail(UserSchema, { id: user.id }, { refresh: true });
  }

  /** A number belongs to the one account the identity provider verified it for: another row that held it gives it up. */
  private async releaseVerifiedPhone(user: User): Promise<void> {
    if (!user.verifiedPhone) return;
    const em = requestEm(this.orm);
    await em.getConnection().execute(
      'update users set verified_phone = null, phone_verified_at = null, updated_at = now() where verified_phone = ? and id <> ?',
      [user.verifiedPhone, user.id],
      'run',
      em.getTransactionContext(),
    );
  }

  /** Emails belong to the identity provider: an older row still holding this email gives it up. */
  private async releaseEmail(user: User): Promise<void> {
    if (!user.email) return;
    const em = requestEm(this.orm);
    await em.getConnection().execute(
      'update users set email = null, email_verified = false, updated_at = now() where lower(email) = lower(?) and id <> ?',
      [user.email, user.id],
      'run',
      em.getTransactionContext(),
    );
  }
}
