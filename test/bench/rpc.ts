import { fork, type ChildProcess } from 'node:child_process';

/**
 * Minimal request/response over a forked child's IPC channel: the benchmark runs the emulator and
 * the uploader in their own processes (own event loops, RSS measured alone) and drives both.
 */
type Handler = (arg: never) => unknown;

export function serve(handlers: Record<string, Handler>): void {
  process.on('message', (message: { id: number; cmd: string; arg: unknown }) => {
    const handler = handlers[message.cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${message.cmd}`);
        return (handler as (arg: unknown) => unknown)(message.arg);
      })
      .then(
        (result) => process.send?.({ id: message.id, result }),
        (err: unknown) => process.send?.({ id: message.id, error: String((err as Error)?.message ?? err) }),
      );
  });
  process.send?.({ ready: true });
}

export class Remote {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      const entry = message.id !== undefined ? this.waiting.get(message.id) : undefined;
      if (!entry) return;
      this.waiting.delete(message.id!);
      if (message.error !== undefined) entry.reject(new Error(message.error));
      else entry.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      for (const entry of this.waiting.values()) entry.reject(new Error(`child exited (${code ?? signal})`));
      this.waiting.clear();
    });
  }

  static start(script: string, args: string[] = [], execArgv: string[] = []): Promise<Remote> {
    const child = fork(script, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
    return new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        child.off('message', onMessage);
        resolve(new Remote(child));
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`${script} exited early (${code})`)));
    });
  }

  call<T>(cmd: string, arg?: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, cmd, arg });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    await exited;
  }
}
