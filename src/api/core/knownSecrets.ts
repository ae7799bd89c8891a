import { isSecretField } from './secretFields';

/**
 * Every secret the extension has held in this session: the API tokens of all profiles, the webhook
 * secrets, stream keys and private keys it was given or sent. A service or a receiver may echo any
 * of them in any answer (an error about another call, a delivery's response), so every redaction
 * blanks all of them, not only the secrets of the call at hand. Values are only added: a secret
 * once seen stays one (a removed profile's token, an old webhook secret) until the window reloads.
 */
const known = new Set<string>();


/** Walks that deep at most: answers are a list of resources with a few levels of fields. */
const MAX_DEPTH = 8;

/** Adds secrets the extension holds or sends (a token, a typed webhook secret, a kept private key). */
export function rememberSecrets(...secrets: Array<string | undefined>): void {
  for (const secret of secrets) if (secret) known.add(secret);
}

/** Adds every secret field of an answer (secretFields.ts: a webhook's `sharedSecret`, a stream's `streamKey`, a new key's `privateKey`…). */
export function rememberSecretsIn(answer: unknown): void {
  const walk = (node: unknown, depth: number, parent?: string): void => {
    if (depth > MAX_DEPTH || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1, parent);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (isSecretField(key, parent) && typeof child === 'string') known.add(child);
      else walk(child, depth + 1, key);
    }
  };
  walk(answer, 0);
}

/** Every secret remembered so far. */
export function knownSecrets(): ReadonlySet<string> {
  return known;
}
