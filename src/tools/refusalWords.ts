import { clipTimeWords } from '../operations/clipTime';
import type { Refusal } from '../operations/refusal';

/** An operation's refusal (src/operations/refusal.ts) in the words a tool answers the model with. */
export function refusalSentence(refusal: Refusal): string {
  switch (refusal.code) {
    case 'import-url-empty':
      return 'the URL is empty';
    case 'import-url-spaces':
      return 'a URL has no spaces: write them as %20';
    case 'import-url-scheme':
      return 'Livepeer imports only http(s)://, ipfs:// and ar:// URLs';
    case 'import-url-invalid':
      return 'this is not a valid URL';
    case 'import-url-no-content-id':
      return `${refusal.scheme}// needs the content id after it`;
    case 'import-url-no-host':
      return 'the URL has no host';
    case 'import-url-credentials':
      return 'put no user name or password in the URL: the asset keeps its source URL for anyone with an API key to read';
    case 'import-url-private-host':
      return `Livepeer fetches the URL from its own servers, which cannot reach ${refusal.host} (this machine or a private network): put the file where the internet reaches it`;
    case 'clip-no-playback-id':
      return 'the stream has no playback ID: refresh and try again';
    case 'clip-no-start-time':
      return 'the session has no start time: refresh and try again';
    case 'clip-ends-before-start':
      return 'the clip must end after it starts';
    case 'clip-past-session':
      return `the session is only ${clipTimeWords(refusal.lengthMs)} long`;
    case 'clip-too-long':
      return 'a clip can be at most 2 hours long';
    case 'target-existing-or-url':
      return 'give either an existing target or the URL of a new one';
    case 'target-no-rendition':
      return `the stream has no rendition "${refusal.profile}": choose one of ${refusal.profiles.join(', ')}`;
    case 'target-url':
      return refusal.problem;
  }
}
