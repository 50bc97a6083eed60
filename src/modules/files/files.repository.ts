import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In } from 'typeorm';
import { FileStatus, StoredFile } from './entities/stored-file.entity';

export type FileKeys = Pick<StoredFile, 'id' | 'storageKey' | 'thumbnailKey'>;

/**
 * The SQL of the `files` table. Status moves are conditional updates (`WHERE status = …`), so a
 * confirm, the processing job and a removal racing on one file each see who won.
 */
@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(file: StoredFile, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(StoredFile).insert(file);
  }

  newFile(values: Partial<StoredFile>): StoredFile {
    return this.dataSource.getRepository(StoredFile).create(values);
  }

  findOne(where: FindOptionsWhere<StoredFile>, manager: EntityManager = this.dataSource.manager): Promise<StoredFile | null> {
    return manager.getRepository(StoredFile).findOne({ where });
  }

  /** A marker image of the caller's group or the caller's own picture, or null. */
  findVisibleTo(fileId: string, caller: { userId: string; groupId: string }): Promise<StoredFile | null> {
    return this.dataSource
      .getRepository(StoredFile)
      .createQueryBuilder('f')
      .where('f.id = :fileId', { fileId })
      .andWhere(`((f.category = 'MarkerImage' AND f.group_id = :groupId) OR (f.category = 'ProfilePicture' AND f.owner_user_id = :userId))`, {
        groupId: caller.groupId,
        userId: caller.userId,
      })
      .getOne();
  }

  findCompletedByIds(ids: string[]): Promise<StoredFile[]> {
    return this.dataSource.getRepository(StoredFile).find({ where: { id: In(ids), status: 'Completed' } });
  }

  findByIds(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<StoredFile[]> {
    return manager.getRepository(StoredFile).find({ where: { id: In(ids) } });
  }

  async deleteByIds(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(StoredFile).delete({ id: In(ids) });
  }

  /** Pending → Processing; false when the file was no longer Pending. */
  async markProcessing(manager: EntityManager, fileId: string): Promise<boolean> {
    const [, moved] = await manager.query(`UPDATE files SET status = 'Processing', updated_date = now() WHERE id = $1 AND status = 'Pending'`, [fileId]);
    return moved === 1;
  }

  async findStatus(manager: EntityManager, fileId: string): Promise<FileStatus | undefined> {
    const [current] = await manager.query('SELECT status FROM files WHERE id = $1', [fileId]);
    return current?.status;
  }

  /** Processing → Completed with the processed image's facts; false when the file left Processing meanwhile. */
  async markCompleted(fileId: string, facts: { width: number; height: number; size: number; thumbnailKey: string }): Promise<boolean> {
    const [, completed] = await this.dataSource.query(
      `UPDATE files SET status = 'Completed', error = NULL, width = $2, height = $3, size = $4, thumbnail_key = $5, updated_date = now()
        WHERE id = $1 AND status = 'Processing'`,
      [fileId, facts.width, facts.height, facts.size, facts.thumbnailKey],
    );
    return completed === 1;
  }

  async markFailed(fileId: string, reason: string): Promise<void> {
    await this.dataSource.query(`UPDATE files SET status = 'Failed', error = $2, updated_date = now() WHERE id = $1 AND status = 'Processing'`, [
      fileId,
      reason,
    ]);
  }

  /** Up to 500 uploads still Pending since before `cutoff`, oldest first. */
  findPendingBefore(cutoff: Date): Promise<FileKeys[]> {
    return this.dataSource.query(
      `SELECT id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey"
         FROM files WHERE status = 'Pending' AND created_date < $1 ORDER BY created_date LIMIT 500`,
      [cutoff],
    );
  }

  async deletePending(ids: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM files WHERE id = ANY($1::uuid[]) AND status = 'Pending'`, [ids]);
  }

  /** Files in Processing untouched since before `before` are marked Failed; how many. */
  async failStuckProcessing(before: Date): Promise<number> {
    const [, failed] = await this.dataSource.query(
      `UPDATE files SET status = 'Failed', error = 'Processing did not finish', updated_date = now()
        WHERE status = 'Processing' AND updated_date < $1`,
      [before],
    );
    return failed;
  }
}
