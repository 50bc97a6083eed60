import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../database/transaction';
import { Group } from '../groups/entities/group.entity';
import { User } from '../users/entities/user.entity';

/** Accounts made by an administrator (POST /users, the CLI) and the question "is there an admin yet?". */
@Injectable()
export class UserAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, work);
  }

  groupExists(manager: EntityManager, groupId: string): Promise<boolean> {
    return manager.getRepository(Group).existsBy({ id: groupId });
  }

  /** The id of the group named `name` (case-insensitively), or null. */
  async findGroupIdByName(name: string): Promise<string | null> {
    const group = await this.dataSource.getRepository(Group).createQueryBuilder('g').where('lower(g.name) = lower(:name)', { name }).getOne();
    return group?.id ?? null;
  }

  /** Inserts the user (history rows written by the subscriber); unique violations surface as USERNAME_TAKEN / EMAIL_TAKEN. */
  insert(manager: EntityManager, fields: Pick<User, 'username' | 'email' | 'nickname' | 'groupId' | 'role' | 'status' | 'emailStatus' | 'passwordHash'>): Promise<User> {
    const users = manager.getRepository(User);
    return users.save(users.create(fields));
  }

  findByUsername(username: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { username } });
  }

  /** Whether any Active admin exists (the start-up banner shows the create-admin command until one does). */
  async hasActiveAdmin(): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM users WHERE role = 'Admin' AND status = 'Active' LIMIT 1`);
    return rows.length > 0;
  }
}
