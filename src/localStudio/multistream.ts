import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MultistreamTarget } from '../api/multistream/types';
import type { Caller } from './accounts';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { paginate } from './pagination';
import type { Store } from './store';
import { validate, type ObjectSchema } from './validate';

// /multistream/target and a stream's `multistream` field as the real service answers them
// (studio-api.md, "Tasks, imports, clips, multistream…"): targets are the user's (no project),
// their URL (which holds the platform's key) is never returned, and deleting one leaves the streams
// that use it a dangling reference their next multistream change is refused for.

/** A target as stored: the URL stays here, the answers leave it out. */
export interface EmulatorTarget extends MultistreamTarget {
  name: string;
  userId: string;
  disabled: boolean;
  createdAt: number;
  url: string;
}

/** A target on a stream, as the stream stores and shows it. */
interface TargetRef {
  id: string;
  profile: string;
  videoOnly?: boolean;
}

const URL_PATTERN = '^(srt|rtmps?)://';
const FIELDS: ObjectSchema['properties'] = { url: { type: 'string' }, name: { type: 'string' }, disabled: { type: 'boolean' } };
const CREATE: ObjectSchema = { required: ['url'], properties: FIELDS };
const UPDATE: ObjectSchema = { properties: FIELDS };

/** The validator's error for a url that does not match the service's pattern. */
function urlProblem(body: Record<string, unknown> | undefined, instancePath = '/url'): string | undefined {
  if (typeof body?.url !== 'string' || new RegExp(URL_PATTERN).test(body.url)) return undefined;
  return JSON.stringify([{ instancePath, schemaPath: '#/properties/url/pattern', keyword: 'pattern', params: { pattern: URL_PATTERN }, message: `must match pattern "${URL_PATTERN}"` }]);
}

/** `host:port` of the URL, the service's default name. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function targetJson(target: EmulatorTarget): MultistreamTarget {
  const { url: _secret, ...shown } = target;
  return shown;
}

/** What a stream's multistream field fails with (the service's codes and texts), or the refs to store. */
export type TargetsCheck = { refs: TargetRef[] } | { status: 400 | 422; error: string };

/** The user's multistream targets, and the check of a stream's `multistream` field against them. */
export class MultistreamTargets {
  readonly targets = new Map<string, EmulatorTarget>();
  /** Targets whose platform refuses the push (a test marks them): a live stream reports multistream.error for them. */
  readonly failing = new Set<string>();

  /**
   * Reports each live stream's pushes as the service does, through webhook events: when a stream
   * goes live, multistream.connected (multistream.error for a failing target) per enabled target;
   * when it ends, multistream.disconnected for those that connected. Returns how to stop.
   */
  watch(store: Store): () => void {
    const connected = new Map<string, Set<string>>();
    return store.onEvent((change) => {
      if (change.event !== 'stream.started' && change.event !== 'stream.idle') return;
      const { stream } = change;
      const refs = stream.multistream?.targets ?? [];
      const report = (event: 'multistream.connected' | 'multistream.error' | 'multistream.disconnected', ref: TargetRef, target: EmulatorTarget) =>
        store.emit({ event, stream, target: { id: ref.id, name: target.name, profile: ref.profile, ...(ref.videoOnly !== undefined ? { videoOnly: ref.videoOnly } : {}) } });
      if (change.event === 'stream.started') {
        const up = new Set<string>();
        for (const ref of refs) {
          const target = this.targets.get(ref.id);
          if (!target || target.disabled) continue;
          if (this.failing.has(ref.id)) {
            report('multistream.error', ref, target);
            continue;
          }
          up.add(ref.id);
          report('multistream.connected', ref, target);
        }
        connected.set(stream.id, up);
        return;
      }
      const up = connected.get(stream.id);
      connected.delete(stream.id);
      for (const ref of refs) {
        const target = this.targets.get(ref.id);
        if (target && up?.has(ref.id)) report('multistream.disconnected', ref, target);
      }
    });
  }

  add(fields: { url: string; name?: string; disabled?: boolean }, userId: string): EmulatorTarget {
    const target: EmulatorTarget = { id: randomUUID(), name: fields.name || hostOf(fields.url), userId, disabled: fields.disabled ?? false, createdAt: Date.now(), url: fields.url };
    this.targets.set(target.id, target);
    return target;
  }

  /**
   * Checks `{targets: [{profile, id | spec, videoOnly?}]}` against the stream's profile names (the
   * current ones on a PATCH), creating a target for each spec; `{}` clears.
   */
  check(multistream: unknown, profileNames: string[], userId: string): TargetsCheck {
    const given = (multistream as { targets?: unknown } | null)?.targets;
    if (given === undefined) return { refs: [] };
    if (!Array.isArray(given)) return { status: 422, error: 'multistream.targets must be array' };
    const available = [...profileNames, 'source'];
    const refs: TargetRef[] = [];
    const toCreate: Array<{ ref: TargetRef; spec: { url: string; name?: string } }> = [];
    for (const raw of given as Array<Record<string, unknown>>) {
      const profile = String(raw.profile);
      if (!available.includes(profile)) return { status: 400, error: `multistream target profile not found: "${profile}". available: ${JSON.stringify(available)}` };
      const id = typeof raw.id === 'string' ? raw.id : undefined;
      const spec = raw.spec as { url?: unknown; name?: unknown } | undefined;
      if (!id === !spec) return { status: 400, error: 'multistream target must have either an "id" or a "spec"' };
      const ref: TargetRef = { id: id ?? '', profile, ...(typeof raw.videoOnly === 'boolean' ? { videoOnly: raw.videoOnly } : {}) };
      if (id) {
        if (this.targets.get(id)?.userId !== userId) return { status: 400, error: `multistream target not found: "${id}"` };
      } else {
        const problem = urlProblem(spec, `/multistream/targets/${refs.length}/spec/url`);
        if (problem || typeof spec?.url !== 'string') return { status: 422, error: problem ?? 'multistream target spec needs a url' };
        toCreate.push({ ref, spec: { url: spec.url, name: typeof spec.name === 'string' ? spec.name : undefined } });
      }
      refs.push(ref);
    }
    for (const { ref, spec } of toCreate) ref.id = this.add(spec, userId).id;
    const keys = refs.map((ref) => `${ref.id} ${ref.profile}`);
    if (new Set(keys).size !== keys.length) return { status: 400, error: 'multistream target {id,profile} must be unique' };
    return { refs };
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Caller) => Promise<void> | void;

export function multistreamHandlers(state: MultistreamTargets, ctx: { apiOrigin: string; defaultPageSize: number }): Record<'list' | 'create' | 'get' | 'update' | 'delete', Handler> {
  /** The caller's target, or undefined after answering 404 (unknown and another user's alike). */
  function own(res: ServerResponse, id: string | undefined, caller: Caller): EmulatorTarget | undefined {
    const target = state.targets.get(id ?? '');
    if (target && target.userId === caller.userId) return target;
    sendErrors(res, 404, 'not found');
    return undefined;
  }

  async function body(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema): Promise<Record<string, unknown> | undefined> {
    const read = await readJson(req);
    if (!read.ok) return void sendErrors(res, read.status, read.message);
    const value = read.value ?? {};
    const problem = validate(value, schema) ?? urlProblem(value as Record<string, unknown>);
    if (problem) return void sendErrors(res, 422, problem);
    return value as Record<string, unknown>;
  }

  return {
    list(_req, res, url, _params, caller) {
      const userId = url.searchParams.get('userId');
      if (!userId) return sendErrors(res, 400, 'required query parameter: userId');
      // The 403 text is not measured; the code is.
      if (userId !== caller.userId && !caller.admin) return sendErrors(res, 403, 'user can only request information on their own multistream targets');
      const rows = [...state.targets.values()].filter((target) => target.userId === userId).sort((a, b) => b.createdAt - a.createdAt);
      const { page, headers } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin });
      sendJson(res, 200, page.map(targetJson), headers);
    },
    async create(req, res, _url, _params, caller) {
      const fields = await body(req, res, CREATE);
      if (!fields) return;
      const target = state.add(fields as { url: string; name?: string; disabled?: boolean }, caller.userId);
      sendJson(res, 201, targetJson(target));
    },
    get(_req, res, _url, [id], caller) {
      const target = own(res, id, caller);
      if (target) sendJson(res, 200, targetJson(target));
    },
    async update(req, res, _url, [id], caller) {
      const fields = await body(req, res, UPDATE);
      const target = fields && own(res, id, caller);
      if (!fields || !target) return;
      // An empty name is ignored, as the service does.
      if (typeof fields.name === 'string' && fields.name) target.name = fields.name;
      if (typeof fields.url === 'string') target.url = fields.url;
      if (typeof fields.disabled === 'boolean') target.disabled = fields.disabled;
      sendEmpty(res, 204);
    },
    delete(_req, res, _url, [id], caller) {
      const target = own(res, id, caller);
      if (!target) return;
      // Streams that use it keep their reference: the service does not look.
      state.targets.delete(target.id);
      sendEmpty(res, 204);
    },
  };
}
