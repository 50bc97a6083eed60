/**
 * Image uploads shared by the account (profile picture) and map (marker images) features.
 *
 *   createUpload({category, ownerUserId, groupId, contentType, size})
 *       → {fileId, uploadUrl, method: 'PUT', headers, expiresAt}
 *     Checks the type (image/jpeg|png|webp, else 400 UNSUPPORTED_IMAGE_TYPE) and size (≤ MAX_IMAGE_BYTES,
 *     else 413 IMAGE_TOO_LARGE) up front, inserts a Pending `files` row (in the caller's unit of work
 *     when it creates its own row in the same transaction) and presigns a PUT to a server-made key,
 *     bound to exactly that type and size (the store refuses any other upload).
 *   confirmUpload(fileId, scope) → {fileId, status}
 *     `scope` is {groupId} for marker images or {ownerUserId} for profile pictures (anything else
 *     404). The uploaded object must exist, have the declared size and start with the declared
 *     format's magic bytes, else 400 UPLOAD_INVALID (the file stays Pending: the client may upload
 *     again). Then Processing, and the `files-process` job is enqueued in the same transaction. A
 *     second confirm answers the current status.
 *   Processing job: decode (pixel limit), auto-rotate, re-encode without any metadata (EXIF GPS
 *     included), thumbnail ≤ 320 px, width/height/size recorded → Completed, or Failed with `error`.
 *   removeFiles(fileIds): deletes the rows in the caller's unit of work and enqueues the
 *     `files-remove` job that deletes every object of those files (durable, retried).
 *   findScoped(fileId, scope) → the StoredFile row (width, height, size, contentType, status) or 404.
 *   urls(file) / urlsById(ids) → presigned GET URLs {url, thumbnailUrl} for Completed files, else null
 *     (e.g. `pictureUrl` of group members: `urlsById(users.map((u) => u.pictureFileId))`).
 *   status(fileId, caller) → GET /files/{fileId}/status.
 *   removeStalePending(now): housekeeping (files still Pending after UPLOAD_TIMEOUT_MINUTES, and
 *     objects under an upload key older than that, e.g. written again after confirm).
 *
 * Referencing rows (marker images) should declare `file_id` with ON DELETE CASCADE, so housekeeping
 * removing a never-confirmed upload takes its row along. Objects are removed by jobs: tests that
 * assert it need JOBS_ENABLED=true and `waitFor`. Reusable DTOs: dto/upload.dto.ts.
 */
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { currentTransaction, UnitOfWork } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { storageFailure } from '../../infrastructure/storage/storage-errors';
import { StorageService } from '../../infrastructure/storage/storage.service';
import { FileCategory, FileStatus, IMAGE_TYPES, ImageType, StoredFile } from './entities/stored-file.entity';
import { FilesRepository } from './files.repository';
import type { FileStatusRow } from './files.sql';
import { hasImageSignature, ImageRejectedError, processImage } from './image-processing';

export const FILES_PROCESS_QUEUE = 'files-process';
export const FILES_REMOVE_QUEUE = 'files-remove';
/** Lifetime of presigned upload URLs. */
export const UPLOAD_URL_SECONDS = 900;
/** Lifetime of presigned read URLs. */
export const READ_URL_SECONDS = 300;

export interface UploadRequest {
  category: FileCategory;
  ownerUserId: string;
  groupId?: string | null;
  contentType: string;
  size: number;
}

export interface UploadTicket {
  fileId: string;
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface FileScope {
  category: FileCategory;
  groupId?: string;
  ownerUserId?: string;
}

export interface FileUrls {
  url: string;
  thumbnailUrl: string;
}

const UPLOAD_SUFFIX = '.upload';
const uploadKeyOf = (file: Pick<StoredFile, 'storageKey'>) => `${file.storageKey}${UPLOAD_SUFFIX}`;
const objectKeysOf = (file: Pick<StoredFile, 'storageKey' | 'thumbnailKey'>) => [
  file.storageKey,
  uploadKeyOf(file),
  file.thumbnailKey ?? `${file.storageKey}.thumb`,
];

@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly files: FilesRepository,
    private readonly storage: StorageService,
    private readonly jobs: JobsService,
    private readonly config: AppConfig,
  ) {
    jobs.register<{ fileId: string }>(FILES_PROCESS_QUEUE, ({ fileId }) => this.process(fileId));
    jobs.register<{ keys: string[] }>(FILES_REMOVE_QUEUE, ({ keys }) => this.storage.remove(keys));
  }

  async createUpload(request: UploadRequest): Promise<UploadTicket> {
    if (!(IMAGE_TYPES as readonly string[]).includes(request.contentType)) {
      throw AppError.badRequest('UNSUPPORTED_IMAGE_TYPE', `Images must be one of ${IMAGE_TYPES.join(', ')}`, [
        { field: 'contentType', message: `contentType must be one of ${IMAGE_TYPES.join(', ')}` },
      ]);
    }
    const max = this.config.limits.maxImageBytes;
    if (request.size > max) throw AppError.overLimit(413, 'IMAGE_TOO_LARGE', `Images may be at most ${max} bytes`, 'bytes', max);
    const owner = request.category === 'MarkerImage' ? request.groupId : request.ownerUserId;
    if (!owner) throw new Error('a marker image needs its groupId');
    const id = newId();
    const file = this.files.newFile({
      id,
      category: request.category,
      ownerUserId: request.ownerUserId,
      groupId: request.category === 'MarkerImage' ? request.groupId : null,
      storageKey: `${owner}/${newId()}`,
      contentType: request.contentType as ImageType,
      size: request.size,
    });
    await this.files.insert(file);
    const uploadUrl = await this.storage.presignPut(uploadKeyOf(file), file.contentType, UPLOAD_URL_SECONDS, file.size);
    return {
      fileId: id,
      uploadUrl,
      method: 'PUT',
      // the upload URL is signed over both (S3) or declares both (local disk): anything else is refused
      headers: { 'Content-Type': file.contentType, 'Content-Length': String(file.size) },
      expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000),
    };
  }

  /** Loads a file visible in `scope`, or 404 exactly as a missing one. */
  async findScoped(fileId: string, scope: FileScope): Promise<StoredFile> {
    const where = {
      id: fileId,
      category: scope.category,
      ...(scope.groupId ? { groupId: scope.groupId } : {}),
      ...(scope.ownerUserId ? { ownerUserId: scope.ownerUserId } : {}),
    };
    if (!scope.groupId && !scope.ownerUserId) throw new Error('a file scope needs a groupId or an ownerUserId');
    const file = await this.files.findOne(where);
    if (!file) throw AppError.notFound(scope.category === 'ProfilePicture' ? 'Picture' : 'Image');
    return file;
  }

  async confirmUpload(fileId: string, scope: FileScope): Promise<{ fileId: string; status: FileStatus }> {
    const file = await this.findScoped(fileId, scope);
    if (file.status !== 'Pending') return { fileId, status: file.status };
    await this.verifyUpload(file).catch(storageFailure);
    const work = async (tx: EntityManager): Promise<FileStatus> => {
      if (!(await this.files.markProcessing(fileId))) return (await this.files.findStatus(fileId)) ?? 'Failed';
      await this.jobs.send(FILES_PROCESS_QUEUE, { fileId }, { manager: tx });
      return 'Processing';
    };
    // in the caller's unit of work when there is one (the marker's lock), else in one of its own
    const current = currentTransaction();
    const status = current ? await work(current) : await this.unitOfWork.run(work);
    return { fileId, status };
  }

  /** The upload must exist, have the declared size, and really be the declared image format. */
  private async verifyUpload(file: StoredFile): Promise<void> {
    const invalid = (detail: string) => AppError.badRequest('UPLOAD_INVALID', detail);
    const key = uploadKeyOf(file);
    const stat = await this.storage.stat(key);
    if (!stat) throw invalid('Nothing was uploaded for this file');
    if (stat.size !== file.size) throw invalid(`The upload has ${stat.size} bytes, ${file.size} were declared`);
    const bytes = await this.storage.getBuffer(key, this.config.limits.maxImageBytes);
    if (!hasImageSignature(bytes, file.contentType)) throw invalid(`The upload is not a ${file.contentType} image`);
  }

  /** Job: cleans the uploaded image and writes the image and its thumbnail. */
  async process(fileId: string): Promise<void> {
    const file = await this.files.findOne({ id: fileId });
    if (!file || file.status !== 'Processing') return;
    const input = await this.storage.getBuffer(uploadKeyOf(file), this.config.limits.maxImageBytes).catch(async (error) => {
      if ((await this.storage.stat(uploadKeyOf(file))) === null) return null;
      throw error;
    });
    if (!input) return this.fail(file, 'The upload is no longer available');
    let processed;
    try {
      processed = await processImage(input, file.contentType);
    } catch (error) {
      if (error instanceof ImageRejectedError) return this.fail(file, error.message);
      throw error;
    }
    const thumbnailKey = `${file.storageKey}.thumb`;
    await this.storage.put(file.storageKey, processed.image, file.contentType);
    await this.storage.put(thumbnailKey, processed.thumbnail, file.contentType);
    const completed = await this.files.markCompleted(file.id, {
      width: processed.width,
      height: processed.height,
      size: processed.image.length,
      thumbnailKey,
    });
    // removed while we worked (e.g. replaced at once): take back what was just written
    const leftovers = completed ? [uploadKeyOf(file)] : objectKeysOf({ ...file, thumbnailKey });
    await this.storage.remove(leftovers).catch((error) => this.logger.warn({ err: error, fileId }, 'objects not removed'));
    if (!completed) return;
    this.logger.log({ fileId, width: processed.width, height: processed.height }, 'image processed');
  }

  private async fail(file: StoredFile, reason: string): Promise<void> {
    await this.files.markFailed(file.id, reason);
    await this.storage.remove([uploadKeyOf(file)]).catch(() => undefined);
    this.logger.warn({ fileId: file.id, reason }, 'image processing failed');
  }

  /** Deletes the rows now (in the caller's unit of work) and their objects through a durable job queued in it. */
  async removeFiles(fileIds: string[]): Promise<void> {
    const ids = [...new Set(fileIds.filter(Boolean))];
    if (ids.length === 0) return;
    const files = await this.files.findByIds(ids);
    if (files.length === 0) return;
    await this.files.deleteByIds(files.map((file) => file.id));
    await this.jobs.send(FILES_REMOVE_QUEUE, { keys: files.flatMap(objectKeysOf) }, { manager: this.unitOfWork.manager });
  }

  /** Short-lived read URLs of a Completed file; null otherwise. */
  async urls(file: Pick<StoredFile, 'status' | 'storageKey' | 'thumbnailKey'> | null | undefined): Promise<FileUrls | null> {
    if (!file || file.status !== 'Completed') return null;
    const [url, thumbnailUrl] = await Promise.all([
      this.storage.presignGet(file.storageKey, READ_URL_SECONDS),
      this.storage.presignGet(file.thumbnailKey ?? `${file.storageKey}.thumb`, READ_URL_SECONDS),
    ]);
    return { url, thumbnailUrl };
  }

  /** Read URLs by file id (ids not Completed or unknown are absent from the map). */
  async urlsById(fileIds: (string | null | undefined)[]): Promise<Map<string, FileUrls>> {
    const ids = [...new Set(fileIds.filter((id): id is string => !!id))];
    const out = new Map<string, FileUrls>();
    if (ids.length === 0) return out;
    const files = await this.files.findCompletedByIds(ids);
    await Promise.all(files.map(async (file) => out.set(file.id, (await this.urls(file))!)));
    return out;
  }

  /** GET /files/{fileId}/status: marker images of the caller's group, or the caller's own picture. */
  async status(fileId: string, caller: { userId: string; groupId: string }): Promise<FileStatusRow> {
    const file = await this.files.findVisibleTo(fileId, caller);
    if (!file) throw AppError.notFound('File');
    return file;
  }

  /**
   * Housekeeping: uploads never confirmed within UPLOAD_TIMEOUT_MINUTES are removed with their
   * objects; files stuck in Processing for a day (their job gave up) are marked Failed; and any
   * object under an upload key older than UPLOAD_TIMEOUT_MINUTES is removed, so what an upload
   * URL writes after its file was confirmed (it stays valid for UPLOAD_URL_SECONDS) is not kept.
   */
  async removeStalePending(now: Date): Promise<{ removed: number; failed: number; uploads: number }> {
    const cutoff = new Date(now.getTime() - this.config.retention.uploadTimeoutMinutes * 60_000);
    let removed = 0;
    for (;;) {
      const stale = await this.files.findPendingBefore(cutoff);
      if (stale.length === 0) break;
      // objects first: a failure leaves the rows, so the next run tries again
      await this.storage.remove(stale.flatMap(objectKeysOf));
      await this.files.deletePending(stale.map((file) => file.id));
      removed += stale.length;
    }
    const failed = await this.files.failStuckProcessing(new Date(now.getTime() - 86_400_000));
    const leftovers: string[] = [];
    for await (const object of this.storage.listObjects()) {
      if (object.key.endsWith(UPLOAD_SUFFIX) && object.lastModified && object.lastModified < cutoff) leftovers.push(object.key);
    }
    for (let i = 0; i < leftovers.length; i += 1000) await this.storage.remove(leftovers.slice(i, i + 1000));
    return { removed, failed, uploads: leftovers.length };
  }
}
