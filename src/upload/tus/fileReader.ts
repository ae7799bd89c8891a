import type { FileReader, FileSource, SliceResult } from 'tus-js-client';
import { assertUnchanged, type FileIdentity } from '../fileSource';
import { FileSlice } from './httpStack';

/**
 * tus-js-client's file reader for a file on disk, given by its identity (path, size, mtime). Each
 * slice is a FileSlice: a byte range that UndiciHttpStack streams from disk when the request is
 * sent. (Giving tus-js-client a Buffer or a plain stream would make it hold whole chunks in memory.)
 * Every slice first checks that the file is still the one the upload started with.
 */
export class DiskFileReader implements FileReader {
  async openFile(input: unknown): Promise<FileSource> {
    const file = input as FileIdentity;
    if (!file || typeof file.path !== 'string' || typeof file.size !== 'number') {
      throw new TypeError('DiskFileReader: expected a FileIdentity');
    }
    return new DiskFileSource(file);
  }
}

class DiskFileSource implements FileSource {
  readonly size: number;

  constructor(private readonly file: FileIdentity) {
    this.size = file.size;
  }

  async slice(start: number, end: number): Promise<SliceResult> {
    await assertUnchanged(this.file);
    const stop = Math.min(end, this.size);
    return { value: new FileSlice(this.file, start, stop), done: stop >= this.size };
  }

  close(): void {
    // Nothing is open between requests.
  }
}
