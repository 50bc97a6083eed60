import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In } from 'typeorm';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { FileStatus, StoredFile } from './entities/stored-file.entity';
import {
  FILE_MARK_COMPLETED,
  FILE_MARK_FAILED,
  FILE_MARK_PROCESSING,
  FILE_STATUS,
  FILE_STATUS_VISIBLE_TO,
  FILES_DELETE_PENDING,
  FILES_FAIL_STUCK_PROCESSING,
  FILES_PENDING_BEFORE,
  FileStatusRow,
} from './files.sql';

export type FileKeys = Pick<StoredFile, 'id' | 'storageKey' | 'thumbnailKey'>;

/**
 * The SQL of the `files` table: status moves and housekeeping as named statements (files.sql.ts),
 * inside a unit of work in its transaction; a file row is written with insert() and read with find.
 */
@Injectable()
export class FilesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one, the pool): reads and writes join the caller's unit of work. */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  async insert(file: StoredFile): Promise<void> {
    await this.manager.getRepository(StoredFile).insert(file);
  }

  newFile(values: Partial<StoredFile>): StoredFile {
    return this.dataSource.getRepository(StoredFile).create(values);
  }

  findOne(where: FindOptionsWhere<StoredFile>): Promise<StoredFile | null> {
    return this.manager.getRepository(StoredFile).findOne({ where });
  }

  /** A marker image of the caller's group or the caller's own picture, or null. */
  async findVisibleTo(fileId: string, caller: { userId: string; groupId: string }): Promise<FileStatusRow | undefined> {
    const [row] = await this.sql.rows<FileStatusRow>(FILE_STATUS_VISIBLE_TO, [fileId, caller.groupId, caller.userId]);
    return row;
  }

  findCompletedByIds(ids: string[]): Promise<StoredFile[]> {
    return this.dataSource.getRepository(StoredFile).find({ where: { id: In(ids), status: 'Completed' } });
  }

  findByIds(ids: string[]): Promise<StoredFile[]> {
    return this.manager.getRepository(StoredFile).find({ where: { id: In(ids) } });
  }

  async deleteByIds(ids: string[]): Promise<void> {
    await this.manager.getRepository(StoredFile).delete({ id: In(ids) });
  }

  /** Pending → Processing (in the unit of work); false when the file was no longer Pending. */
  async markProcessing(fileId: string): Promise<boolean> {
    return (await this.sql.rows(FILE_MARK_PROCESSING, [fileId])).length === 1;
  }

  async findStatus(fileId: string): Promise<FileStatus | undefined> {
    const [current] = await this.sql.rows<{ status: FileStatus }>(FILE_STATUS, [fileId]);
    return current?.status;
  }

  /** Processing → Completed with the processed image's facts; false when the file left Processing meanwhile. */
  async markCompleted(fileId: string, facts: { width: number; height: number; size: number; thumbnailKey: string }): Promise<boolean> {
    const completed = await this.sql.rows(FILE_MARK_COMPLETED, [fileId, facts.width, facts.height, facts.size, facts.thumbnailKey]);
    return completed.length === 1;
  }

  async markFailed(fileId: string, reason: string): Promise<void> {
    await this.sql.rows(FILE_MARK_FAILED, [fileId, reason]);
  }

  /** Up to 500 uploads still Pending since before `cutoff`, oldest first. */
  findPendingBefore(cutoff: Date): Promise<FileKeys[]> {
    return this.sql.rows<FileKeys>(FILES_PENDING_BEFORE, [cutoff]);
  }

  async deletePending(ids: string[]): Promise<void> {
    await this.sql.rows(FILES_DELETE_PENDING, [ids]);
  }

  /** Files in Processing untouched since before `before` are marked Failed; how many. */
  async failStuckProcessing(before: Date): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(FILES_FAIL_STUCK_PROCESSING, [before]);
    return n;
  }
}
