import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A project as GET /project answers it. */
export interface EmulatorProject {
  id: string;
  name: string;
  userId: string;
  createdAt: number;
}

/** Whose a resource is: every stream, signing key, asset (and webhook) carries both. */
export interface Owner {
  userId: string;
  projectId: string;
  /**
   * A key of an admin user (the first user of a self-hosted Studio is one): it lists every user's
   * streams and assets, reads any of them and any project by id (GET /project still lists its own).
   */
  admin?: boolean;
}

/** Who an API token authenticates: an API key belongs to one project of one user. */
export interface Caller extends Owner {
  /** The API key's id: what the request log records instead of the token. */
  tokenId: string;
  /** What the service records as an asset's createdByTokenName. */
  tokenName: string;
}

/** An API token a test can use, with whose it is. */
export interface AccountToken extends Caller {
  token: string;
}

/** A caller that owns nothing: public routes (playback, gate, ingest points) run as it. */
export const ANONYMOUS: Caller = { tokenId: '', tokenName: '', userId: '', projectId: '' };

/**
 * The users, their projects and the API keys of each project. The store's own user and project are
 * the default account ("Default Project", as a new account has); tests add other users, projects
 * and tokens to check that one key never sees another project's resources.
 */
export class Accounts {
  readonly projects = new Map<string, EmulatorProject>();
  private readonly byToken = new Map<string, Caller>();
  private readonly admins = new Set<string>();

  constructor(defaultOwner: Owner) {
    this.projects.set(defaultOwner.projectId, { id: defaultOwner.projectId, name: 'Default Project', userId: defaultOwner.userId, createdAt: Date.now() });
  }

  /** A new user with one project ("Default Project" unless named) and an API token for it. */
  addUser(options: { projectName?: string; token?: string } = {}): AccountToken {
    return this.addProject(randomUUID(), options.projectName ?? 'Default Project', options.token);
  }

  /** A new admin user (see Owner.admin) with one project and an API token for it. */
  addAdmin(options: { projectName?: string; token?: string } = {}): AccountToken {
    const user = randomUUID();
    this.admins.add(user);
    return this.addProject(user, options.projectName ?? 'Default Project', options.token);
  }

  /** A new project of `userId` and an API token for it. */
  addProject(userId: string, name: string, token?: string): AccountToken {
    const project: EmulatorProject = { id: randomUUID(), name, userId, createdAt: Date.now() };
    this.projects.set(project.id, project);
    return this.addToken(project.id, token);
  }

  /** Another API key of an existing project; the token is random unless given. */
  addToken(projectId: string, token = `emu-${randomBytes(12).toString('hex')}`): AccountToken {
    const project = this.projects.get(projectId);
    if (!project) throw new Error(`no project ${projectId}`);
    if (this.byToken.has(token)) throw new Error('that token is already an API key');
    const admin = this.admins.has(project.userId) ? { admin: true } : {};
    const caller: Caller = { tokenId: randomUUID(), tokenName: `Emulator token ${this.byToken.size + 1}`, userId: project.userId, projectId, ...admin };
    this.byToken.set(token, caller);
    return { ...caller, token };
  }

  callerOf(token: string): Caller | undefined {
    return this.byToken.get(token);
  }

  /** The user's projects, oldest first. */
  projectsOf(userId: string): EmulatorProject[] {
    return [...this.projects.values()].filter((project) => project.userId === userId);
  }

  /**
   * Which token an Authorization header carried, for the request log: the API key's id, or
   * `sha256:` and 12 hex digits of a token this emulator does not know; undefined without a Bearer.
   */
  tokenIdOf(authorization: string | undefined): string | undefined {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) return undefined;
    return this.byToken.get(token)?.tokenId ?? `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
  }
}

/** Whether a resource belongs to the caller's project. */
export function ownedBy(resource: Owner, caller: Owner): boolean {
  return resource.projectId === caller.projectId && resource.userId === caller.userId;
}

/** Whether a list shows the resource to the caller: its project's, or any user's to an admin (streams and assets). */
export function listedFor(resource: Owner, caller: Owner): boolean {
  return !!caller.admin || ownedBy(resource, caller);
}

/** The owner fields of a caller, to stamp on what it creates. */
export function ownerOf(caller: Owner): Owner {
  return { userId: caller.userId, projectId: caller.projectId };
}
