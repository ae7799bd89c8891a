import * as l10n from '@vscode/l10n';
import { clipTimeWords } from '../operations/clipTime';
import type { FolderFileProblem, ForwardTargetProblem, LadderProblem, PolicyProblem, Refusal } from '../operations/refusal';

/** An operation's refusal (src/operations/refusal.ts) as a sentence in the person's language: the commands show it, the tools answer with it. */
export function refusalSentence(refusal: Refusal): string {
  switch (refusal.code) {
    case 'import-url-empty':
      return l10n.t('the URL is empty');
    case 'import-url-spaces':
      return l10n.t('a URL has no spaces: write them as %20');
    case 'import-url-scheme':
      return l10n.t('Livepeer imports only http(s)://, ipfs:// and ar:// URLs');
    case 'import-url-invalid':
      return l10n.t('this is not a valid URL');
    case 'import-url-no-content-id':
      return l10n.t('{0}// needs the content id after it', refusal.scheme);
    case 'import-url-no-host':
      return l10n.t('the URL has no host');
    case 'import-url-credentials':
      return l10n.t('put no user name or password in the URL: the asset keeps its source URL for anyone with an API key to read');
    case 'import-url-private-host':
      return l10n.t('Livepeer fetches the URL from its own servers, which cannot reach {0} (this machine or a private network): put the file where the internet reaches it', refusal.host);
    case 'clip-no-playback-id':
      return l10n.t('the stream has no playback ID: refresh and try again');
    case 'clip-no-start-time':
      return l10n.t('the session has no start time: refresh and try again');
    case 'clip-ends-before-start':
      return l10n.t('the clip must end after it starts');
    case 'clip-past-session':
      return l10n.t('the session is only {0} long', clipTimeWords(refusal.lengthMs));
    case 'clip-too-long':
      return l10n.t('a clip can be at most 2 hours long');
    case 'target-existing-or-url':
      return l10n.t('give either an existing target or the URL of a new one');
    case 'target-no-rendition':
      return l10n.t('the stream has no rendition “{0}”: choose one of {1}', refusal.profile, refusal.profiles.join(', '));
    case 'target-url':
      return refusal.problem;
    case 'copy-not-ready':
      return l10n.t('it is not ready yet');
    case 'copy-no-kept-key':
      return l10n.t('no private key of its project is kept here to sign it');
    case 'copy-webhook-gated':
      return l10n.t('a webhook of its project gates its playback');
    case 'playback-no-hls':
      return l10n.t('the service offers no HLS address for {0}', refusal.playbackId);
    case 'playback-unreadable':
      return refusal.reason;
    case 'recording-needs-record':
      return l10n.t('recording renditions need recording on: turn recording on first');
    case 'ladder-while-live':
      return l10n.t('renditions cannot change while the stream is live: stop its live session first');
    case 'ladder-drops-pushed':
      return l10n.t('multistream targets push {0}: keep those renditions, or remove the targets first', refusal.profiles.join(', '));
    default:
      return otherSentence(refusal);
  }
}

/** The refusals of the rules an input is checked against as it is typed (ladders, policies, addresses, files). */
function otherSentence(refusal: LadderProblem | PolicyProblem | ForwardTargetProblem | FolderFileProblem): string {
  switch (refusal.code) {
    case 'ladder-no-name':
      return l10n.t('a rendition needs a name');
    case 'ladder-source-name':
      return l10n.t('a rendition cannot be named "source" (that is the broadcast itself)');
    case 'ladder-same-name':
      return l10n.t('two renditions are named "{0}"', refusal.name);
    case 'ladder-not-whole':
      return l10n.t('{0}: {1} must be a whole number', refusal.name, refusal.field);
    case 'ladder-too-small':
      return l10n.t('{0}: width and height must be at least {1}', refusal.name, refusal.min);
    case 'ladder-low-bitrate':
      return l10n.t('{0}: bitrate must be at least {1} bits/s', refusal.name, refusal.min);
    case 'ladder-negative-fps':
      return l10n.t("{0}: fps must be 0 (the source's) or more", refusal.name);
    case 'policy-not-ready':
      return l10n.t('the asset is not ready: its playback policy can change once it is');
    case 'policy-public-to-gated':
      return l10n.t('a public asset cannot become signed or webhook-gated (the service refuses it): upload or import it again with that policy');
    case 'policy-gated-to-public':
      return l10n.t('a signed or webhook-gated asset cannot become public (the service refuses it): upload or import it again as public');
    case 'policy-no-webhook':
      return l10n.t('a webhook policy needs a webhook: pick one of this account');
    case 'policy-refresh-interval':
      return l10n.t('the refresh interval is a whole number of seconds, 1 or more');
    case 'policy-context':
      return l10n.t('the webhook context is a JSON object ({"plan": "pro"})');
    case 'policy-origin':
      return l10n.t('"{0}" is not an origin: an origin is scheme://host[:port] with no path (https://app.example.com), or * for any', refusal.entry);
    case 'forward-not-address':
      return l10n.t('not an address: type one like http://localhost:3000/webhooks');
    case 'forward-scheme':
      return l10n.t('the address must start with http:// or https://');
    case 'forward-credentials':
      return l10n.t('the address must not hold a user name or password');
    case 'forward-host-name':
      return l10n.t('{0} is a name: forward to localhost or an IP address of this machine or its private network', refusal.host);
    case 'forward-not-local':
      return l10n.t('{0} is not on this machine or a private network: forwarding sends only to loopback (127.0.0.1, ::1) or private addresses (10.x, 172.16–31.x, 192.168.x)', refusal.host);
    case 'file-no-folder':
      return l10n.t('no folder is open: open the folder that holds the video, then ask again');
    case 'file-outside':
      return l10n.t('{0} is outside the open folders (links followed): only files inside them can be uploaded', refusal.path);
    case 'file-not-file':
      return l10n.t('{0} is not a file', refusal.path);
    case 'file-not-found':
      return l10n.t('{0} was not found in the open folders', refusal.path);
  }
}
