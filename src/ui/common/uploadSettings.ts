import type { UploadMethodChoice } from '../../upload';
import { contributed } from './settings';

const SECTION = 'livepeer.upload';
const METHODS: readonly UploadMethodChoice[] = ['auto', 'direct', 'tus'];

/** The `livepeer.upload.*` settings, read fresh each time so changes apply to the next upload. */
export const uploadSettings = {
  method: (): UploadMethodChoice => {
    const value = contributed<string>(SECTION, 'method');
    return (METHODS as readonly string[]).includes(value) ? (value as UploadMethodChoice) : 'auto';
  },
  askMethod: (): boolean => contributed(SECTION, 'askMethod'),
  chunkSizeMiB: (): number => contributed(SECTION, 'chunkSize'),
  /** Uploads that run at once: 1 to 8 (the manifest's bounds) whatever a folder's setting says. */
  concurrency: (): number => Math.min(8, Math.max(1, Math.floor(contributed<number>(SECTION, 'concurrency')) || 1)),
};

export function isUploadMethod(value: unknown): value is UploadMethodChoice {
  return (METHODS as readonly unknown[]).includes(value);
}
