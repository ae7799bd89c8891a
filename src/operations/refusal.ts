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
/** What is wrong with a rendition ladder (see ladderProblem). */
export type LadderProblem =
  | { code: 'ladder-no-name' }
  | { code: 'ladder-source-name' }
  | { code: 'ladder-same-name'; name: string }
  | { code: 'ladder-not-whole'; name: string; field: 'width' | 'height' | 'bitrate' | 'fps' }
  | { code: 'ladder-too-small'; name: string; min: number }
  | { code: 'ladder-low-bitrate'; name: string; min: number }
  | { code: 'ladder-negative-fps'; name: string };

/** Why the service would refuse a playback policy (see policyProblem, parseOrigins). */
export type PolicyProblem =
  | { code: 'policy-not-ready' }
  | { code: 'policy-public-to-gated' }
  | { code: 'policy-gated-to-public' }
  | { code: 'policy-no-webhook' }
  | { code: 'policy-refresh-interval' }
  | { code: 'policy-context' }
  | { code: 'policy-origin'; entry: string };

/** Why an address is not a local receiver forwarding may POST to (see localTargetProblem). */
export type ForwardTargetProblem =
  | { code: 'forward-not-address' }
  | { code: 'forward-scheme' }
  | { code: 'forward-credentials' }
  | { code: 'forward-host-name'; host: string }
  | { code: 'forward-not-local'; host: string };

/** Why a file may not be uploaded by a tool (see fileInsideFolders). */
export type FolderFileProblem =
  | { code: 'file-no-folder' }
  | { code: 'file-outside'; path: string }
  | { code: 'file-not-file'; path: string }
  | { code: 'file-not-found'; path: string };

/** Why a signed token comes without its playback URL (the token is good without it). */
export type PlaybackUrlProblem = { code: 'playback-no-hls'; playbackId: string } | { code: 'playback-unreadable'; reason: string };

export type Refusal =
  | ImportUrlProblem
  | LadderProblem
  | PolicyProblem
  | ForwardTargetProblem
  | FolderFileProblem
  | PlaybackUrlProblem
  | { code: 'recording-needs-record' }
  | { code: 'ladder-while-live' }
  | { code: 'ladder-drops-pushed'; profiles: string[] }
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
