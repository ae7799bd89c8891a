import * as l10n from '@vscode/l10n';
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The claims of a playback token, as the official Livepeer SDKs write them. */
export interface PlaybackTokenClaims {
  /** The playback id the token opens. */
  sub: string;
  action: 'pull';
  iss: string;
  /** The signing key's `publicKey` exactly as the API returns it (base64 of a PEM). */
  pub: string;
  /** Issued at, seconds. */
  iat: number;
  /** Expires at, seconds. */
  exp: number;
  video: 'none';
  custom?: Record<string, unknown>;
}

export interface SignPlaybackTokenOptions {
  playbackId: string;
  /** The private key as the service handed it out (base64 of a PKCS#8 PEM), or the PEM text. */
  privateKey: string;
  /** The key's `publicKey` as the API returns it; goes into `pub` unchanged. */
  publicKey: string;
  expiresInSeconds?: number;
  issuer?: string;
  custom?: Record<string, unknown>;
  /** Milliseconds; a parameter so tests need no clock. */
  now?: number;
}

export type PlaybackTokenCheck = { ok: true; claims: PlaybackTokenClaims } | { ok: false; reason: string; claims?: Partial<PlaybackTokenClaims> };

const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/** Shorter tokens expire before a player has used them. */
const MIN_TOKEN_LIFETIME_SECONDS = 60;
/** Longer-lived tokens are bearer credentials nobody can take back short of disabling the key. */
export const MAX_TOKEN_LIFETIME_SECONDS = 365 * 86_400;
/** How far the signer's clock may run ahead of ours before `iat` is called a fault. */
const CLOCK_SKEW_SECONDS = 300;
const DEFAULT_ISSUER = 'livepeer-studio-vscode';
const HEADER = { alg: 'ES256', typ: 'JWT' };

/** PEM text from either form the service and users pass keys around in: the PEM itself, or base64 of it. */
function pemText(key: string): string {
  const trimmed = key.trim();
  if (trimmed.includes('-----BEGIN')) return trimmed;
  const decoded = Buffer.from(trimmed, 'base64').toString('utf8');
  if (!decoded.includes('-----BEGIN')) throw new Error(l10n.t('not a PEM key nor the base64 text of one'));
  return decoded.trim();
}

/** The EC P-256 private key in a PEM or base64 text; throws a readable error for anything else. */
function parsePrivateKey(key: string): KeyObject {
  let parsed: KeyObject;
  try {
    parsed = createPrivateKey(pemText(key));
  } catch (error) {
    throw new Error(l10n.t('cannot read the private key ({0}): use the PEM file or the base64 text saved when the key was created', (error as Error).message));
  }
  if (parsed.asymmetricKeyType !== 'ec' || parsed.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(l10n.t('the private key is not an EC P-256 key: Livepeer signing keys are'));
  }
  return parsed;
}

/** The EC P-256 public key in a PEM or base64 text: ES256 is defined over P-256 only. */
function parsePublicKey(key: string): KeyObject {
  let parsed: KeyObject;
  try {
    parsed = createPublicKey(pemText(key));
  } catch (error) {
    throw new Error(l10n.t('cannot read the public key: {0}', (error as Error).message));
  }
  if (parsed.asymmetricKeyType !== 'ec' || parsed.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    const what = parsed.asymmetricKeyType === 'ec' ? `an EC ${parsed.asymmetricKeyDetails?.namedCurve ?? 'unknown curve'} key` : `a ${parsed.asymmetricKeyType?.toUpperCase() ?? 'non-EC'} key`;
    throw new Error(l10n.t('the public key is {0}, not EC P-256: not a Livepeer signing key, and ES256 needs P-256', what));
  }
  return parsed;
}

/** Why a token lifetime cannot be signed, or undefined when it can. */
function lifetimeProblem(seconds: number): string | undefined {
  if (!Number.isFinite(seconds)) return l10n.t('the token lifetime must be a number of seconds, not {0}', String(seconds));
  if (seconds < MIN_TOKEN_LIFETIME_SECONDS) return l10n.t('a token lifetime of {0} s is too short: at least {1} s, or it expires before a player uses it', seconds, MIN_TOKEN_LIFETIME_SECONDS);
  if (seconds > MAX_TOKEN_LIFETIME_SECONDS) {
    const days = (value: number) => Math.round(value / 86_400);
    return l10n.t('a token lifetime of {0} days is too long: at most {1} days (a leaked token works until it expires, or until its key is disabled)', days(seconds), days(MAX_TOKEN_LIFETIME_SECONDS));
  }
  return undefined;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Signs an ES256 playback token for `playbackId`. Throws when the private key does not belong to
 * `publicKey`: such a token would be refused by every player, so it is better never handed out.
 */
export function signPlaybackToken(options: SignPlaybackTokenOptions): string {
  if (!options.playbackId) throw new Error(l10n.t('playback id is empty'));
  const lifetime = options.expiresInSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  const tooLong = lifetimeProblem(lifetime);
  if (tooLong) throw new Error(tooLong);
  const key = parsePrivateKey(options.privateKey);
  const matching = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (!matching.equals(parsePublicKey(options.publicKey).export({ type: 'spki', format: 'der' }))) {
    throw new Error(l10n.t('this private key does not belong to the chosen signing key: pick the file or secret saved when that key was created'));
  }
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const claims: PlaybackTokenClaims = {
    sub: options.playbackId,
    action: 'pull',
    iss: options.issuer ?? DEFAULT_ISSUER,
    pub: options.publicKey,
    iat,
    exp: iat + Math.round(lifetime),
    video: 'none',
    ...(options.custom ? { custom: options.custom } : {}),
  };
  const input = `${encode(HEADER)}.${encode(claims)}`;
  // JWS wants the raw r||s form of the ECDSA signature, not DER.
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** An epoch-seconds claim as a date, or as given when no date can show it. */
function isoOrRaw(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString();
}

/** The claims of a token without checking anything; undefined when it is not a JWT. */
export function decodePlaybackToken(token: string): Partial<PlaybackTokenClaims> | undefined {
  const payload = token.trim().split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a token as the playback edge does before it asks the gate: an ES256 signature by the
 * public key (the given one, else the token's own `pub`), not expired, and for `playbackId`.
 */
export function verifyPlaybackToken(token: string, expect: { playbackId?: string; publicKey?: string; now?: number } = {}): PlaybackTokenCheck {
  const parts = token.trim().split('.');
  const claims = decodePlaybackToken(token);
  if (parts.length !== 3 || !claims) return { ok: false, reason: l10n.t('not a playback token (a JWT has three dot-separated parts)') };
  let header: { alg?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
  } catch {
    return { ok: false, reason: l10n.t('not a playback token (unreadable header)'), claims };
  }
  if (header.alg !== 'ES256') return { ok: false, reason: l10n.t('signed with {0}, not ES256', String(header.alg)), claims };
  if (expect.publicKey && claims.pub !== undefined && claims.pub !== expect.publicKey) {
    return { ok: false, reason: l10n.t('the token names another signing key (its pub claim)'), claims };
  }
  const publicKey = expect.publicKey ?? claims.pub;
  if (typeof publicKey !== 'string') return { ok: false, reason: l10n.t('the token has no pub claim and no key was given to check it with'), claims };
  let valid: boolean;
  try {
    valid = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key: parsePublicKey(publicKey), dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2] ?? '', 'base64url'));
  } catch (error) {
    return { ok: false, reason: (error as Error).message, claims };
  }
  if (!valid) return { ok: false, reason: l10n.t('the signature does not match the public key (changed, or signed with another key)'), claims };
  if (typeof claims.exp !== 'number') return { ok: false, reason: l10n.t('the token has no expiry (exp)'), claims };
  const now = (expect.now ?? Date.now()) / 1000;
  if (claims.exp <= now) return { ok: false, reason: l10n.t('the token expired {0}', new Date(claims.exp * 1000).toISOString()), claims };
  if (claims.exp - now > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: l10n.t('the token is valid until {0}, more than {1} days ahead: sign a shorter-lived token', isoOrRaw(claims.exp), Math.round(MAX_TOKEN_LIFETIME_SECONDS / 86_400)), claims };
  }
  if (typeof claims.iat === 'number' && claims.iat > now + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: l10n.t('the token says it was issued in the future ({0}): check the clock of the machine that signed it', isoOrRaw(claims.iat)), claims };
  }
  if (expect.playbackId !== undefined && claims.sub !== expect.playbackId) {
    return { ok: false, reason: l10n.t('the token is for playback id {0}, not {1}', String(claims.sub), expect.playbackId), claims };
  }
  return { ok: true, claims: claims as PlaybackTokenClaims };
}
