import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Most boxes looked at: a file that is no MP4 is given up on quickly. */
const MAX_BOXES = 64;

interface Box {
  type: string;
  /** Where its content starts and ends in the file. */
  start: number;
  end: number;
}

/** The box whose header is at `at`, or undefined when there is none that fits within `end`. */
function boxAt(fd: number, at: number, end: number): Box | undefined {
  const header = Buffer.alloc(16);
  if (at + 8 > end || readSync(fd, header, 0, 16, at) < 8) return undefined;
  const size32 = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  let start = at + 8;
  let size = size32;
  if (size32 === 1) {
    size = Number(header.readBigUInt64BE(8));
    start = at + 16;
  } else if (size32 === 0) {
    size = end - at;
  }
  if (!/^[\x20-\x7e]{4}$/.test(type) || size < start - at || at + size > end) return undefined;
  return { type, start, end: at + size };
}

/** The child box of `type` inside the range, searched box by box. */
function find(fd: number, type: string, from: number, end: number): Box | undefined {
  let at = from;
  for (let i = 0; i < MAX_BOXES; i++) {
    const box = boxAt(fd, at, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    at = box.end;
  }
  return undefined;
}

/**
 * The duration in seconds an MP4 (or MOV) file's movie header says (moov → mvhd: duration over
 * timescale), as the service's probe reports it; undefined when the file has no readable header.
 * Reads only box headers and the mvhd, wherever the moov is (start or end of the file).
 */
export function mp4DurationSeconds(file: string): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const moov = find(fd, 'moov', 0, size);
    const mvhd = moov && find(fd, 'mvhd', moov.start, moov.end);
    if (!mvhd) return undefined;
    const body = Buffer.alloc(32);
    readSync(fd, body, 0, Math.min(32, mvhd.end - mvhd.start), mvhd.start);
    const version = body.readUInt8(0);
    const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
    const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
    return timescale > 0 && duration > 0 ? duration / timescale : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
