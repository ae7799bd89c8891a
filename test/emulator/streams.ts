import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from '../../src/api/streams/types';
import { ownerOf, type Owner } from './accounts';
import { readJson, sendEmpty, sendErrors, sendJson } from './http';
import { paginate } from './pagination';
import type { EmulatorStream, Store } from './store';
import { validate, type ObjectSchema } from './validate';

export interface StreamsContext {
  store: Store;
  apiOrigin: string;
  /** Stands in for the playback CDN and the RTMP ingest host. */
  ingestOrigin: string;
  defaultPageSize: number;
  /** A second terminate of a stream within this long answers 429 `too many terminate requests` (no Retry-After). */
  terminateIntervalMs: number;
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
      if (!fields) return;
      // An API key creates in its own project, whatever projectId the body names.
      const stream = store.addStream({ ...(fields as Partial<EmulatorStream>), isActive: false, suspended: false, record: fields.record === true, lastSeen: 0, ...ownerOf(caller) });
      sendJson(res, 201, stream);
    },

    getStream(_req, res, _url, [id]) {
      const stream = found(res, id);
      if (stream) sendJson(res, 200, stream);
    },

    async updateStream(req, res, _url, [id]) {
      const fields = await body(req, res, UPDATE_STREAM);
      const stream = fields && patchable(res, id);
      if (!fields || !stream || refuseRecordWhileLive(res, stream, fields.record)) return;
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
