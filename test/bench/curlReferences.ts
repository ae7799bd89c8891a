import * as fs from 'node:fs';
import { request } from 'undici';
import type { StudioClient } from '../../src/api';
import { MiB } from '../unit/helpers/uploadFiles';
import { curl } from './curl';
import type { ReferenceRun } from './pairs';
import type { Remote } from './rpc';

/**
 * The benchmark's references: curl sending the same file to the same emulator, each run's rate
 * over curl's own time_total (its process start-up not counted) and its CPU time (start-up counted).
 */
export class CurlReferences {
  constructor(
    private readonly client: StudioClient,
    private readonly emulator: Remote,
  ) {}

  // A POST is never retried by the API client; on loopback its only failure here is a kept-alive
  // connection that the emulator closed at the same moment, so ask once more.
  private requestUpload(name: string) {
    return this.client.assets.requestUpload(name).catch(() => this.client.assets.requestUpload(name));
  }

  /** curl --upload-file to the direct address. */
  async direct(file: string, size: number): Promise<ReferenceRun> {
    const ticket = await this.requestUpload('bench curl');
    const run = await curl(['--upload-file', file, ticket.url]);
    return this.finish(run, size, 200, 'direct PUT');
  }

  /** curl -X PATCH of the whole file to a tus upload created just before (the creation not timed). */
  async tus(file: string, size: number): Promise<ReferenceRun> {
    const location = await this.createTus(size);
    const run = await curl(['-X', 'PATCH', ...tusHeaders(0), '--upload-file', file, location]);
    return this.finish(run, size, 204, 'tus PATCH');
  }

  /**
   * curl sending the file as PATCHes of `pieces` (files of one chunk each) over one kept-alive
   * connection: what the server's per-request cost does to any client at that chunk size.
   */
  async tusChunked(pieces: string[], size: number): Promise<ReferenceRun> {
    const location = await this.createTus(size);
    const args: string[] = [];
    let offset = 0;
    for (const piece of pieces) {
      if (args.length) args.push('--next');
      args.push('-X', 'PATCH', ...tusHeaders(offset), '--upload-file', piece, location);
      offset += fs.statSync(piece).size;
    }
    return this.finish(await curl(args), size, 204, 'chunked tus PATCH');
  }

  private async createTus(size: number): Promise<string> {
    const ticket = await this.requestUpload('bench curl tus');
    const created = await request(ticket.tusEndpoint, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size) } });
    await created.body.text();
    const location = created.headers.location;
    if (created.statusCode !== 201 || typeof location !== 'string') throw new Error(`tus creation answered ${created.statusCode}`);
    return location;
  }

  private async finish(run: Awaited<ReturnType<typeof curl>>, size: number, status: number, what: string): Promise<ReferenceRun> {
    if (run.requests.some((r) => r.status !== status)) throw new Error(`curl ${what} answered ${run.requests.map((r) => r.status).join(', ')}`);
    await this.emulator.call('purge');
    const seconds = run.requests.reduce((sum, r) => sum + r.seconds, 0);
    return { mibps: size / MiB / seconds, cpuMs: run.cpuMs };
  }
}

function tusHeaders(offset: number): string[] {
  return ['-H', 'Tus-Resumable: 1.0.0', '-H', `Upload-Offset: ${offset}`, '-H', 'Content-Type: application/offset+octet-stream'];
}

/** Copies `file` into pieces of `pieceBytes` next to it (for the chunked curl reference). */
export function splitFile(file: string, pieceBytes: number): string[] {
  const size = fs.statSync(file).size;
  const pieces: string[] = [];
  const buffer = Buffer.allocUnsafe(Math.min(pieceBytes, 4 * MiB));
  const input = fs.openSync(file, 'r');
  try {
    for (let offset = 0; offset < size; offset += pieceBytes) {
      const piece = `${file}.part${pieces.length}`;
      const output = fs.openSync(piece, 'w');
      try {
        for (let at = offset; at < Math.min(size, offset + pieceBytes); ) {
          const n = fs.readSync(input, buffer, 0, Math.min(buffer.length, offset + pieceBytes - at, size - at), at);
          fs.writeSync(output, buffer, 0, n);
          at += n;
        }
      } finally {
        fs.closeSync(output);
      }
      pieces.push(piece);
    }
  } finally {
    fs.closeSync(input);
  }
  return pieces;
}
