import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Server as TusServerV1 } from '@tus/server';
import { startLocalS3, type LocalS3 } from './s3';
import { wasCut } from '../../src/localStudio/wire';

/** The real service's part size: bytes reach object storage as multipart parts of 8 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

export interface S3TusOptions {
  path: string;
  dataDir: string;
  host: string;
  /** The upload's id (the asset's playbackId) for a creation request. */
  nameUpload: (req: IncomingMessage) => string;
  /** Called once the last byte is stored, with the file holding the completed object. */
  onComplete: (uploadId: string, objectFile: string, size: number) => void;
}

export interface S3Tus {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  s3: LocalS3;
  close(): Promise<void>;
}

/**
 * A PATCH cut by the emulator's cutAfter fault ends its body early but cleanly (see wire.ts); a
 * real cut makes the request stream fail, and the store then keeps only the parts it finished.
 * This turns the emulator's clean early end into that failure.
 */
class CutAwareS3Store extends S3Store {
  override write(req: IncomingMessage, id: string, offset: number): Promise<number> {
    const failOnCut = new Transform({
      transform: (chunk, _enc, done) => done(null, chunk),
      flush: (done) => done(wasCut(req) ? Object.assign(new Error('aborted'), { code: 'ECONNRESET' }) : null),
    });
    req.on('error', (error) => failOnCut.destroy(error));
    // The store only reads the stream; its type names the request it usually gets.
    return super.write(req.pipe(failOnCut) as unknown as IncomingMessage, id, offset);
  }
}

/**
 * The tus endpoint as the real service runs it: @tus/server with @tus/s3-store 1.0.0, 8 MiB
 * parts, on a local S3-compatible server (./s3) on loopback. Version 1.0.0's quirks are kept on
 * purpose (see the facts file: chunk sizes that are not multiples of 8 MiB corrupt uploads).
 */
export async function createS3Tus(options: S3TusOptions): Promise<S3Tus> {
  // The SDK warns once per process that its future releases need Node 22; this test-only server runs on the project's Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = await startLocalS3(options.dataDir, options.host);
  const server = new TusServerV1({
    path: options.path,
    datastore: new CutAwareS3Store({
      partSize: PART_BYTES,
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'emulator', secretAccessKey: 'emulator' },
        // The SDK of the store's time sent plain bodies; newer ones add streaming checksums by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    }),
    respectForwardedHeaders: false,
    namingFunction: options.nameUpload,
    onUploadFinish: async (_req, res, upload) => {
      const file = await s3.objectFile(upload.id);
      if (file) options.onComplete(upload.id, file, upload.size ?? upload.offset);
      return res;
    },
  });
  return {
    s3,
    async handle(req, res) {
      await server.handle(req, res);
    },
    close: () => s3.close(),
  };
}
