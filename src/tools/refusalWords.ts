import * as l10n from '@vscode/l10n';
import { clipTimeWords } from '../operations/clipTime';
import type { Refusal } from '../operations/refusal';

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
  }
}
