import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const WIDTH = 160;
const HEIGHT = 90;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real 160×90 PNG "video frame" for a playback id: a diagonal gradient in a colour derived from
 * the id, with a light play triangle, so each asset's thumbnail looks different.
 */
export function thumbnailPng(seed: string): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const base = [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0].map((v) => 40 + (v % 160));
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3); // filter byte 0 (none), then RGB
    for (let x = 0; x < WIDTH; x++) {
      const shade = (x / WIDTH + y / HEIGHT) / 2;
      // Play triangle in the middle: points right, 30 px tall.
      const dx = x - (WIDTH / 2 - 10);
      const inTriangle = dx >= 0 && dx <= 26 && Math.abs(y - HEIGHT / 2) <= 15 - dx * (15 / 26);
      for (let c = 0; c < 3; c++) {
        const value = inTriangle ? 245 : Math.round((base[c] ?? 0) * (0.45 + 0.75 * shade));
        row[1 + x * 3 + c] = Math.min(255, value);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
