import { withoutKnownSecrets } from './redact';
import { HIDDEN, isSecretField, isSecretParam } from './secretFields';

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
    if (isSecretParam(name)) {
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
  const walk = (node: unknown, parent?: string): unknown => {
    if (typeof node === 'string') return withoutKnownSecrets(cleanUrl(node));
    if (Array.isArray(node)) return node.map((child) => walk(child, parent));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, isSecretField(key, parent) && child != null ? HIDDEN : walk(child, key)]));
    }
    return node;
  };
  return walk(value) as T;
}
