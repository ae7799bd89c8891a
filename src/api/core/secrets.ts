import { withoutKnownSecrets } from './redact';

/** Field names whose values are credentials wherever they appear in a resource. */
const SECRET_FIELDS = /^(encryptedKey|privateKey|streamKey|password|secret|secretAccessKey|accessKeyId|credentials|token|apiKey|sharedSecret)$/i;
/** Query parameters that make an address a credential (pre-signed storage, upload and playback tokens). */
const SECRET_PARAMS = /^(token|jwt|sig|signature|key|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|awsaccesskeyid)$/i;
const HIDDEN = '(hidden)';

function cleanUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(name)) {
      url.searchParams.set(name, HIDDEN);
      changed = true;
    }
  }
  return changed ? url.href : text;
}

/**
 * A copy of a resource fit to show people: credential fields are replaced, addresses lose their
 * user info and signing parameters, and every secret the extension holds is blanked wherever it
 * is echoed (a receiver's answer in a delivery). Used for read-only views such as the asset's details.
 */
export function withoutSecrets<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return withoutKnownSecrets(cleanUrl(node));
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, SECRET_FIELDS.test(key) && child != null ? HIDDEN : walk(child)]));
    }
    return node;
  };
  return walk(value) as T;
}
