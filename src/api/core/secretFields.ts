/**
 * The one list of secrets by name, for every redaction: the fields whose values are secrets wherever
 * they appear in an answer (remembered by value from every answer, so each later text blanks them;
 * hidden in documents, tooltips, rows and tool results), and the query parameters that make an
 * address a credential. A playback token a person asks for (`token` of Sign Playback Token) is no
 * field here: handing it out is the point; the API tokens are blanked by value (knownSecrets.ts).
 */
const SECRET_FIELDS = new Set(
  [
    'streamKey', // a stream's key: whoever has it broadcasts
    'privateKey', // a new signing key's private half
    'sharedSecret', // a webhook's signing secret
    'secret',
    'password', // a proxy's or a storage's
    'passphrase', // an SRT target's
    'proxyAuthorization', // the Proxy-Authorization header (http.proxyAuthorization)
    'authorization',
    'encryptedKey',
    'secretAccessKey',
    'accessKeyId',
    'credentials',
    'apiKey',
  ].map((name) => name.toLowerCase()),
);

/** Fields that are secrets under a given parent only: a multistream target's `spec.url` holds the platform's stream key. */
const SECRET_CHILDREN: Record<string, string> = { spec: 'url' };

/** Query parameters that make an address a credential (pre-signed storage, upload and playback tokens, SRT stream ids). */
const SECRET_PARAMS = new Set([
  'token',
  'jwt',
  'accesskey',
  'sig',
  'signature',
  'key',
  'passphrase',
  'streamid',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
  'awsaccesskeyid',
]);

/** Whether a field's value is a secret (`parent`: the field that holds it, for fields secret in one place only). */
export function isSecretField(name: string, parent?: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase()) || (parent !== undefined && SECRET_CHILDREN[parent] === name);
}

export function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.has(name.toLowerCase());
}

/** A field's value as shown: hidden when it is a secret. */
export const HIDDEN = '(hidden)';
