import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from '../api/streams/types';
import { ownerOf, type Owner } from './accounts';
import { policyRefusal } from './accessWebhook';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { targetJson, type MultistreamTargets } from './multistream';
import { paginate } from './pagination';
import { DEFAULT_PROFILES, profilesProblem, recordingSpecProblem } from './profiles';
import type { EmulatorStream } from './records';
import type { Store } from './store';
import { validate, type ObjectSchema } from './validate';
import type { WebhookState } from './webhookState';

export interface StreamsContext {
  store: Store;
  apiOrigin: string;
  /** Stands in for the playback CDN and the RTMP ingest host. */
  ingestOrigin: string;
  defaultPageSize: number;
  /** A second terminate of a stream within this long answers 429 `too many terminate requests` (no Retry-After). */
  terminateIntervalMs: number;
  /** The users' multistream targets, which a stream's `multistream` field names. */
  multistream: MultistreamTargets;
  /** The webhooks a webhook playback policy names. */
  webhooks: WebhookState;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[], caller: Owner) => Promise<void> | void;

const PLAYBACK_TYPES = ['public', 'jwt', 'webhook'];
const STREAM_FIELDS: ObjectSchema['properties'] = {
  name: { type: 'string', minLength: 1 },
  record: { type: 'boolean' },
  playbackPolicy: { type: 'object' },
  profiles: { type: 'array' },
  multistream: { type: 'object' },
  userTags: { type: 'object' },
  creatorId: {},
  recordingSpec: { type: 'object' },
  projectId: { type: 'string' },
};
const CREATE_STREAM: ObjectSchema = { required: ['name'], properties: STREAM_FIELDS };
const UPDATE_STREAM: ObjectSchema = { properties: { ...STREAM_FIELDS, suspended: { type: 'boolean' } } };
const ADD_TARGET: ObjectSchema = { required: ['profile'], properties: { profile: { type: 'string' }, id: { type: 'string' }, spec: { type: 'object' }, videoOnly: { type: 'boolean' } } };
const SET_RECORD: ObjectSchema = { required: ['record'], properties: { record: { type: 'boolean' } } };

/** Handlers of /stream/{id}… and /ingest, as the real service answers them (see studio-api.md, Streams). */
export function streamHandlers(ctx: StreamsContext): Record<string, Handler> {
  const { store } = ctx;
  const cdn = ctx.ingestOrigin;

  /** The stream, or undefined after answering 404 (unknown and deleted streams alike). */
  function found(res: ServerResponse, id: string | undefined): EmulatorStream | undefined {
    const stream = store.streams.get(id ?? '');
    if (stream && !stream.deleted) return stream;
    sendErrors(res, 404, 'not found');
    return undefined;
  }

  /** A parent stream that may be patched, or undefined after answering the error. */
  function patchable(res: ServerResponse, id: string | undefined): EmulatorStream | undefined {
    const stream = found(res, id);
    if (stream?.parentId) {
      sendErrors(res, 400, "can't patch stream session");
      return undefined;
    }
    return stream;
  }

  async function body(req: IncomingMessage, res: ServerResponse, schema: ObjectSchema): Promise<Record<string, unknown> | undefined> {
    const read = await readJson(req);
    if (!read.ok) {
      sendErrors(res, read.status, read.message);
      return undefined;
    }
    const problem = validate(read.value ?? {}, schema) ?? playbackPolicyProblem(read.value);
    if (problem) {
      sendErrors(res, 422, problem);
      return undefined;
    }
    return (read.value ?? {}) as Record<string, unknown>;
  }

  function refuseRecordWhileLive(res: ServerResponse, stream: EmulatorStream, record: unknown): boolean {
    if (record === undefined || record === (stream.record ?? false) || !stream.isActive) return false;
    sendErrors(res, 400, "cannot change 'record' field while stream is active");
    return true;
  }

  /**
   * Checks profiles, recording spec and targets of a create or PATCH and stores the targets as refs
   * (a spec becomes a target); answers the error and returns false when one is refused.
   */
  function settle(res: ServerResponse, fields: Record<string, unknown>, stream: EmulatorStream | undefined, userId: string, owner: Owner): boolean {
    const refused = policyRefusal(fields.playbackPolicy, owner, ctx.webhooks);
    if (refused) {
      sendErrors(res, refused.status, refused.message);
      return false;
    }
    if (stream && fields.profiles !== undefined && stream.isActive) {
      sendErrors(res, 400, 'cannot change profiles while stream is active');
      return false;
    }
    const record = (fields.record ?? stream?.record ?? false) === true;
    const problem = profilesProblem(fields.profiles, !stream) ?? recordingSpecProblem(fields, record);
    if (problem) {
      sendErrors(res, problem.status, problem.error);
      return false;
    }
    if (fields.multistream === undefined) return true;
    // A PATCH checks the stream's current profiles, not ones sent alongside.
    const profiles = (stream ? stream.profiles : ((fields.profiles as EmulatorStream['profiles']) ?? DEFAULT_PROFILES)) ?? [];
    const checked = ctx.multistream.check(fields.multistream, profiles.map((profile) => profile.name), userId);
    if ('error' in checked) {
      sendErrors(res, checked.status, checked.error);
      return false;
    }
    fields.multistream = checked.refs.length ? { targets: checked.refs } : {};
    return true;
  }

  function asSession(session: EmulatorStream): Session {
    // A session object is no way to broadcast: it carries no stream key.
    const { streamKey, lastTerminatedAt, ...fields } = session;
    const ready = session.recordingStatus === 'ready';
    return {
      ...(fields as Session),
      recordingStatus: session.recordingStatus ?? 'none',
      ...(ready ? { recordingUrl: `${cdn}/recordings/${session.id}/index.m3u8`, mp4Url: `${cdn}/recordings/${session.id}/source.mp4` } : {}),
    };
  }

  return {
    async createStream(req, res, _url, _params, caller) {
      const fields = await body(req, res, CREATE_STREAM);
      if (!fields || !settle(res, fields, undefined, caller.userId, ownerOf(caller))) return;
      // An API key creates in its own project, whatever projectId the body names.
      const profiles = (fields.profiles as EmulatorStream['profiles']) ?? DEFAULT_PROFILES.map((profile) => ({ ...profile }));
      const stream = store.addStream({ ...(fields as Partial<EmulatorStream>), profiles, isActive: false, suspended: false, record: fields.record === true, lastSeen: 0, ...ownerOf(caller) });
      sendJson(res, 201, stream);
    },

    getStream(_req, res, _url, [id]) {
      const stream = found(res, id);
      if (stream) sendJson(res, 200, stream);
    },

    async updateStream(req, res, _url, [id]) {
      const fields = await body(req, res, UPDATE_STREAM);
      const stream = fields && patchable(res, id);
      if (!fields || !stream || refuseRecordWhileLive(res, stream, fields.record) || !settle(res, fields, stream, stream.userId, stream)) return;
      Object.assign(stream, fields);
      if (fields.suspended === true) store.endLiveSession(stream);
      sendEmpty(res, 204);
    },

    async setRecord(req, res, _url, [id]) {
      const fields = await body(req, res, SET_RECORD);
      const stream = fields && patchable(res, id);
      if (!fields || !stream || refuseRecordWhileLive(res, stream, fields.record)) return;
      stream.record = fields.record as boolean;
      sendEmpty(res, 204);
    },

    async setSuspended(req, res, _url, [id]) {
      const read = await readJson(req);
      const suspended = read.ok ? (read.value as { suspended?: unknown } | undefined)?.suspended : undefined;
      if (typeof suspended !== 'boolean') {
        sendErrors(res, 422, 'missing suspended property');
        return;
      }
      const stream = patchable(res, id);
      if (!stream) return;
      stream.suspended = suspended;
      if (suspended) store.endLiveSession(stream);
      sendEmpty(res, 204);
    },

    deleteStream(_req, res, _url, [id]) {
      const stream = found(res, id);
      if (!stream) return;
      store.endLiveSession(stream);
      stream.deleted = true;
      sendEmpty(res, 204);
    },

    terminateStream(_req, res, _url, [id]) {
      const stream = found(res, id);
      if (!stream) return;
      const now = Date.now();
      if (stream.lastTerminatedAt && now - stream.lastTerminatedAt < ctx.terminateIntervalMs) {
        sendErrors(res, 429, 'too many terminate requests');
        return;
      }
      stream.lastTerminatedAt = now;
      store.endLiveSession(stream);
      sendEmpty(res, 204);
    },

    /** Checks the stream's targets and the new one together: a dangling reference refuses it. 200 with the target. */
    async addTarget(req, res, _url, [id]) {
      const fields = await body(req, res, ADD_TARGET);
      const stream = fields && patchable(res, id);
      if (!fields || !stream) return;
      const targets = [...(stream.multistream?.targets ?? []), fields];
      const checked = ctx.multistream.check({ targets }, (stream.profiles ?? []).map((profile) => profile.name), stream.userId);
      if ('error' in checked) return sendErrors(res, checked.status, checked.error);
      stream.multistream = { targets: checked.refs };
      const added = ctx.multistream.targets.get(checked.refs[checked.refs.length - 1]?.id ?? '');
      sendJson(res, 200, added ? targetJson(added) : {});
    },

    /** 204 also for a target that is not on the stream; the target itself stays. */
    removeTarget(_req, res, _url, [id, targetId]) {
      const stream = patchable(res, id);
      if (!stream) return;
      const targets = (stream.multistream?.targets ?? []).filter((target) => target.id !== targetId);
      stream.multistream = targets.length ? { targets } : {};
      sendEmpty(res, 204);
    },

    /** No Link header here, unlike the other lists; limit and cursor still page. */
    listSessions(_req, res, url, [id]) {
      const parent = found(res, id);
      if (!parent) return;
      const record = url.searchParams.get('record');
      const rows = [...store.streams.values()]
        .filter((s) => s.parentId === parent.id && (s.sourceSegments ?? 0) > 0)
        .filter((s) => record === null || (s.record ?? false) === (record === '1' || record === 'true'))
        .sort((a, b) => (b.lastSeen ?? 0) - (a.lastSeen ?? 0));
      const { page } = paginate(rows, url, { defaultLimit: ctx.defaultPageSize, origin: ctx.apiOrigin });
      sendJson(res, 200, page.map(asSession));
    },

    listIngests(_req, res) {
      const host = new URL(cdn).hostname;
      sendJson(res, 200, [{ base: ctx.apiOrigin, ingest: `rtmp://${host}/live`, playback: `${cdn}/hls` }]);
    },
  };
}

/** playbackPolicy.type is an enum in the service's schema; its validator names the allowed values. */
function playbackPolicyProblem(value: unknown): string | undefined {
  const policy = (value as { playbackPolicy?: { type?: unknown } } | undefined)?.playbackPolicy;
  if (policy === undefined || PLAYBACK_TYPES.includes(policy.type as string)) return undefined;
  return JSON.stringify([
    {
      instancePath: '/playbackPolicy/type',
      schemaPath: '#/properties/playbackPolicy/properties/type/enum',
      keyword: 'enum',
      params: { allowedValues: PLAYBACK_TYPES },
      message: 'must be equal to one of the allowed values',
    },
  ]);
}
