import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import * as Minio from 'minio';
import type { Readable } from 'node:stream';
import { AppConfig } from '../../config/app-config';
import { presignS3Upload } from './s3-upload-url';
import { readLimited, StorageService, StoredObject } from './storage.service';

/**
 * Private objects in any S3-compatible store (Garage, SeaweedFS, AWS S3, s3rver in tests). Clients
 * upload and read through presigned URLs; the service never proxies image bytes on the request path.
 */
export class S3Storage extends StorageService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Storage');
  private readonly client: Minio.Client;
  /** Signs URLs for the address clients reach (S3_PUBLIC_ENDPOINT); signing needs no network call. */
  private readonly publicClient: Minio.Client;
  private readonly bucket: string;
  private readonly endpoint: string;

  constructor(private readonly config: AppConfig) {
    super();
    const connect = (url: string) => {
      const endpoint = new URL(url);
      const useSSL = endpoint.protocol === 'https:';
      return new Minio.Client({
        endPoint: endpoint.hostname,
        port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
        useSSL,
        accessKey: config.s3.accessKey,
        secretKey: config.s3.secretKey,
        region: config.s3.region,
        pathStyle: true,
      });
    };
    if (!config.s3.endpoint) throw new Error('S3Storage needs S3_ENDPOINT');
    this.endpoint = config.s3.endpoint;
    this.client = connect(config.s3.endpoint);
    this.publicClient = config.s3.publicEndpoint === config.s3.endpoint ? this.client : connect(config.s3.publicEndpoint);
    this.bucket = config.s3.bucket;
  }

  describe(): string {
    return `S3 bucket "${this.bucket}" at ${this.endpoint}`;
  }

  /** Creates the bucket when missing; an unreachable store is logged, not fatal (uploads then fail clearly). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      if (!(await this.client.bucketExists(this.bucket))) await this.client.makeBucket(this.bucket);
    } catch (error) {
      this.logger.warn({ err: error, bucket: this.bucket }, 'object storage unreachable at boot; bucket not verified');
    }
  }

  /** Signed over the exact size and type: the store itself refuses any other upload (403). */
  async presignPut(key: string, contentType: string, expiresSeconds: number, size: number): Promise<string> {
    const { publicEndpoint: endpoint, region, accessKey, secretKey } = this.config.s3;
    return presignS3Upload({ endpoint, bucket: this.bucket, key, region, accessKey, secretKey, expiresSeconds, size, contentType });
  }

  presignGet(key: string, expiresSeconds = 300): Promise<string> {
    return this.publicClient.presignedGetObject(this.bucket, key, expiresSeconds);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { size: stat.size, contentType: stat.metaData?.['content-type'] };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return null;
      throw error;
    }
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer> {
    return readLimited(await this.client.getObject(this.bucket, key), maxBytes, key);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async remove(keys: string[]): Promise<void> {
    const unique = [...new Set(keys.filter(Boolean))];
    if (unique.length === 0) return;
    await this.client.removeObjects(this.bucket, unique);
  }

  async *listObjects(): AsyncIterable<{ key: string; size: number; lastModified?: Date }> {
    for await (const item of this.client.listObjectsV2(this.bucket, '', true)) {
      const object = item as { name?: string; size?: number; lastModified?: Date };
      if (object.name) yield { key: object.name, size: object.size ?? 0, lastModified: object.lastModified };
    }
  }

  getStream(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async putStream(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, size, { 'Content-Type': contentType });
  }
}
