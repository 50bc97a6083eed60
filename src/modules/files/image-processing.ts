import type sharpFunction from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import type { ImageType } from './entities/stored-file.entity';

export const THUMBNAIL_SIZE = 320;
/** Decoding bigger images is refused: a small file can otherwise expand into gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** True when the bytes start like the declared format (the object's own claim is not trusted). */
export function hasImageSignature(bytes: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'image/jpeg':
      return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** Raised for input that is not a decodable image within the limits; retrying cannot help. */
export class ImageRejectedError extends Error {}

let sharpModule: Promise<typeof sharpFunction> | undefined;

/**
 * sharp (with libvips, ~19 MB resident) is loaded on the first image, not at start: most processes
 * (the API without uploads, the CLI) never decode one.
 */
function loadSharp(): Promise<typeof sharpFunction> {
  sharpModule ??= import('sharp').then((module) => module.default as typeof sharpFunction);
  return sharpModule;
}

function encode(pipeline: Sharp, type: ImageType): Sharp {
  if (type === 'image/png') return pipeline.png({ compressionLevel: 9 });
  if (type === 'image/webp') return pipeline.webp({ quality: 85 });
  return pipeline.jpeg({ quality: 85, mozjpeg: true });
}

/**
 * Decodes with a pixel limit, applies the EXIF orientation, and re-encodes in the same format.
 * Re-encoding without `withMetadata()` drops every metadata block (EXIF with GPS, XMP, IPTC,
 * comments), so nothing the camera wrote survives. Also makes a thumbnail at most 320 px a side.
 */
export async function processImage(input: Buffer, type: ImageType): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let image: { data: Buffer; info: OutputInfo };
  try {
    const decoded = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 }).rotate();
    image = await encode(decoded, type).toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = String((error as Error).message ?? error);
    throw new ImageRejectedError(/pixel limit/i.test(message) ? `The image exceeds ${MAX_IMAGE_PIXELS} pixels` : 'The file could not be decoded as an image');
  }
  const thumbnail = await encode(sharp(image.data).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }), type).toBuffer();
  return { image: image.data, thumbnail, width: image.info.width, height: image.info.height };
}
