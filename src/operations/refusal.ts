import { StudioApiError } from '../api';

/** Why a URL cannot be imported, found before anything is sent (see importUrlProblem). */
export type ImportUrlProblem =
  | { code: 'import-url-empty' }
  | { code: 'import-url-spaces' }
  | { code: 'import-url-scheme' }
  | { code: 'import-url-invalid' }
  | { code: 'import-url-no-content-id'; scheme: string }
  | { code: 'import-url-no-host' }
  | { code: 'import-url-credentials' }
  | { code: 'import-url-private-host'; host: string };

/**
 * A rule of an operation that refused its input before anything was sent: a code and its data,
 * never a sentence. The caller words it: tools/refusalWords.ts, one sentence per code through l10n,
 * for the commands and the assistant tools alike.
 */
export type Refusal =
  | ImportUrlProblem
  | { code: 'clip-no-playback-id' }
  | { code: 'clip-no-start-time' }
  | { code: 'clip-ends-before-start' }
  | { code: 'clip-past-session'; lengthMs: number }
  | { code: 'clip-too-long' }
  | { code: 'target-existing-or-url' }
  | { code: 'target-no-rendition'; profile: string; profiles: string[] }
  | { code: 'target-url'; problem: string }
  | { code: 'copy-not-ready' }
  | { code: 'copy-no-kept-key' }
  | { code: 'copy-webhook-gated' };

/** The error an operation throws for a Refusal: a `config` error (nothing was sent) whose message is its code. */
export class Refused extends StudioApiError {
  constructor(readonly refusal: Refusal) {
    super('config', `refused: ${refusal.code}`);
    this.name = 'Refused';
  }
}
