import { startEmulator as startLocalStudio, type Emulator, type EmulatorOptions as LocalStudioOptions } from '../../src/localStudio';
import { createS3Tus } from './tusS3';

// The project's tests start the product's Local Studio (src/localStudio) through here, with what only
// they need: the real service's tus store (@tus/s3-store 1.0.0 on a local S3 stand-in), and a loopback
// server of files to import from.
export * from '../../src/localStudio';
export { startSourceServer, FIXTURE_MP4, type SourceServer } from './sourceServer';

export interface EmulatorOptions extends Omit<LocalStudioOptions, 'tusStore'> {
  /**
   * Where tus uploads are stored: `file` (default) is @tus/server 2 with FileStore; `s3` is the
   * real service's @tus/server + @tus/s3-store 1.0.0 (8 MiB parts) on a local S3 stand-in, with
   * that version's quirks (chunks that are not multiples of 8 MiB corrupt the upload).
   */
  tusStore?: 'file' | 's3';
}

export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startLocalStudio({ ...options, tusStore: options.tusStore === 's3' ? createS3Tus : undefined });
}
