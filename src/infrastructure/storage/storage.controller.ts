import { Controller, Get, HttpCode, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Public } from '../../common/auth/decorators';
import { AppError } from '../../common/errors/app-error';
import { LOCAL_STORAGE_ROUTE, LocalStorage, StorageUrlError } from './local.storage';
import { StorageService } from './storage.service';

/** Content types the upload route takes as a raw stream (the image types; anything else is 415). */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function toProblem(error: unknown): unknown {
  if (!(error instanceof StorageUrlError)) return error;
  switch (error.reason) {
    case 'expired':
      return AppError.forbidden('STORAGE_URL_EXPIRED', error.message);
    case 'type':
      return new AppError(415, 'UPLOAD_TYPE_MISMATCH', error.message);
    case 'too-large':
      return AppError.tooLarge('UPLOAD_TOO_LARGE', error.message);
    case 'size':
      return AppError.badRequest('UPLOAD_SIZE_MISMATCH', error.message);
    default:
      return AppError.forbidden('STORAGE_URL_INVALID', error.message);
  }
}

/**
 * The local disk driver's signed URLs (`/api/v1/storage/{key}?expires=…&signature=…`): PUT stores
 * an upload, GET returns an object. Without authentication: the signature is the permission.
 * With the S3 driver these routes answer 404 (URLs then point at the S3 server).
 */
@ApiExcludeController()
@Public()
@Controller('storage')
export class StorageController {
  private readonly local: LocalStorage | null;

  // uploads arrive as raw image bytes, handed through as a stream by app.factory's body parsers
  constructor(storage: StorageService) {
    this.local = storage instanceof LocalStorage ? storage : null;
  }

  private target(request: FastifyRequest): { local: LocalStorage; key: string; query: Record<string, string | undefined> } {
    if (!this.local) throw AppError.notFound('Object');
    const url = new URL(request.url, 'http://local');
    const key = decodeURIComponent(url.pathname.slice(LOCAL_STORAGE_ROUTE.length));
    return { local: this.local, key, query: Object.fromEntries(url.searchParams) };
  }

  @Get('*')
  async read(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { local, key, query } = this.target(request);
    try {
      local.verify('GET', key, query);
    } catch (error) {
      throw toProblem(error);
    }
    const object = await local.stat(key);
    if (!object) throw AppError.notFound('Object');
    reply
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .header('content-length', String(object.size))
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff');
    await reply.send(await local.getStream(key));
  }

  @Put('*')
  @HttpCode(200)
  async write(@Req() request: FastifyRequest): Promise<void> {
    const { local, key, query } = this.target(request);
    try {
      const declared = local.verify('PUT', key, query, request.headers['content-type']);
      if (declared.method !== 'PUT') throw new StorageUrlError('invalid', 'Not an upload URL');
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > declared.size) {
        throw new StorageUrlError('too-large', `The upload is larger than the declared ${declared.size} bytes`);
      }
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') throw new StorageUrlError('size', 'The upload is empty');
      await local.receive(key, body, declared);
    } catch (error) {
      throw toProblem(error);
    }
  }
}
