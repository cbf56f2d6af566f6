import type { MikroORM } from '@mikro-orm/postgresql';
import type { User, UserRepository } from '@voltmarket/domain';
import { requestEm } from './orm.js';
import { UserSchema } from './schemas.js';

export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly orm: MikroORM) {}

  findById(id: string): Promise<User | null> {
    return requestEm(this.orm).findOne(UserSchema, { id });
  }

  async save(user: User): Promise<void> {
    await requestEm(this.orm).persistAndFlush(user);
  }
}
