import sharp from 'sharp';

/**
 * A JPEG as a phone writes it: EXIF with camera make, GPS position and orientation 6 (the pixels
 * are stored sideways: 200×100 stored, 100×200 shown).
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#3366aa' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'HearthTestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
}

/** True when the image carries an EXIF GPS block (the GPS IFD pointer, tag 0x8825). */
export async function hasExifGps(image: Buffer): Promise<boolean> {
  const { exif } = await sharp(image).metadata();
  if (!exif) return false;
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** PUTs bytes to a presigned upload URL as a browser would: its own Content-Length, the body's. */
export async function upload(ticket: { uploadUrl: string; headers: Record<string, string> }, body: Buffer): Promise<number> {
  const headers = Object.fromEntries(Object.entries(ticket.headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
  const response = await fetch(ticket.uploadUrl, { method: 'PUT', body, headers });
  return response.status;
}
