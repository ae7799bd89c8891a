// Wraps the `vscode` API object the extension uses (the test files' `vscode` is that very object:
// same extension folder) before the extension activates, so a test sees what VS Code would draw and
// answers what a person would. Installed once per extension host; see harness.ts for the API.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PromptRequest, Responder } from './promptRequest';

/** Who answers the prompts now: the harness's script, or nobody (the real dialogs show). */
export const answerer: { respond: Responder | undefined } = { respond: undefined };

export interface CapturedView {
  id: string;
  provider: vscode.TreeDataProvider<unknown>;
  /** Undefined for a provider registered without a TreeView. */
  tree: vscode.TreeView<unknown> | undefined;
  /** What VS Code calls when something is dragged onto or out of the view. */
  dragAndDrop?: vscode.TreeDragAndDropController<unknown>;
}

export interface CapturedStatusBarItem {
  id: string | undefined;
  item: vscode.StatusBarItem;
  /** Whether show() was called last (VS Code draws it), not hide() or dispose(). */
  visible: boolean;
}

export interface CapturedPanel {
  viewType: string;
  panel: vscode.WebviewPanel;
  /** The page's HTML as last set. */
  readonly html: string;
  /** Every message the extension posted to the page, in order. */
  posted: unknown[];
  /** Every message the page sent (and each `send`), in order. */
  received: unknown[];
  disposed: boolean;
  /** Delivers `message` to the extension as if the page had posted it. */
  send(message: unknown): void;
}

export const captured = {
  views: new Map<string, CapturedView>(),
  statusBarItems: [] as CapturedStatusBarItem[],
  panels: [] as CapturedPanel[],
  lmTools: new Map<string, vscode.LanguageModelTool<object>>(),
  /** The `Livepeer` output channel's lines, as `[level] text`. */
  logLines: [] as string[],
  /** Every output channel the extension made, by name (the last of a name): what the Output panel lists. */
  outputChannels: new Map<string, vscode.OutputChannel>(),
  /** Every other output channel's lines, by the channel's name. */
  channels: new Map<string, string[]>(),
  /** The context keys the extension set (`setContext`): what its menus and welcome content show by. */
  contextKeys: new Map<string, unknown>(),
};

let installed = false;

/** Wraps the API once; call before `extension.activate()`. */
export function captureWorkbench(): void {
  if (installed) return;
  installed = true;
  const window = vscode.window as Writable<typeof vscode.window>;
  wrapPrompts(window);
  const createTreeView = window.createTreeView.bind(window);
  window.createTreeView = <T>(id: string, options: vscode.TreeViewOptions<T>) => {
    const tree = createTreeView(id, options);
    captured.views.set(id, {
      id,
      provider: options.treeDataProvider,
      tree,
      dragAndDrop: options.dragAndDropController,
    });
    return tree;
  };
  const registerTreeDataProvider = window.registerTreeDataProvider.bind(window);
  window.registerTreeDataProvider = <T>(id: string, provider: vscode.TreeDataProvider<T>) => {
    captured.views.set(id, { id, provider, tree: undefined });
    return registerTreeDataProvider(id, provider);
  };
  const createStatusBarItem = window.createStatusBarItem.bind(window) as (...args: unknown[]) => vscode.StatusBarItem;
  window.createStatusBarItem = ((...args: unknown[]) => {
    const item = createStatusBarItem(...args);
    const entry: CapturedStatusBarItem = { id: typeof args[0] === 'string' ? args[0] : undefined, item, visible: false };
    const [show, hide, dispose] = [item.show.bind(item), item.hide.bind(item), item.dispose.bind(item)];
    Object.assign(item, {
      show: () => ((entry.visible = true), show()),
      hide: () => ((entry.visible = false), hide()),
      dispose: () => ((entry.visible = false), dispose()),
    });
    captured.statusBarItems.push(entry);
    return item;
  });
  const createWebviewPanel = window.createWebviewPanel.bind(window);
  window.createWebviewPanel = (...args: Parameters<typeof window.createWebviewPanel>) => {
    const panel = createWebviewPanel(...args);
    captured.panels.push(capturePanel(args[0], panel));
    return panel;
  };
  const createOutputChannel = window.createOutputChannel.bind(window) as (name: string, options?: unknown) => vscode.OutputChannel;
  window.createOutputChannel = ((name: string, options?: unknown) => {
    const channel = createOutputChannel(name, options);
    captured.outputChannels.set(name, channel);
    if (name === 'Livepeer') return recordingChannel(channel, captured.logLines);
    const lines = captured.channels.get(name) ?? [];
    captured.channels.set(name, lines);
    return recordingChannel(channel, lines);
  }) as typeof window.createOutputChannel;
  const commands = vscode.commands as Writable<typeof vscode.commands>;
  const executeCommand = commands.executeCommand.bind(commands);
  commands.executeCommand = <T>(command: string, ...rest: unknown[]) => {
    if (command === 'setContext' && typeof rest[0] === 'string') captured.contextKeys.set(rest[0], rest[1]);
    return executeCommand<T>(command, ...rest);
  };
  const lm = vscode.lm as Writable<typeof vscode.lm>;
  const registerTool = lm.registerTool.bind(lm);
  lm.registerTool = <T>(name: string, tool: vscode.LanguageModelTool<T>) => {
    captured.lmTools.set(name, tool as vscode.LanguageModelTool<object>);
    const registration = registerTool(name, tool);
    return new vscode.Disposable(() => {
      if (captured.lmTools.get(name) === tool) captured.lmTools.delete(name);
      registration.dispose();
    });
  };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function wrapPrompts(window: Writable<typeof vscode.window>): void {
  // Each wrapper asks the answerer when there is one, else shows VS Code's own dialog.
  const scripted = <A extends unknown[], R>(real: (...args: A) => R, fake: (respond: Responder, ...args: A) => R) => {
    return (...args: A): R => (answerer.respond ? fake(answerer.respond, ...args) : real(...args));
  };
  const showQuickPick = window.showQuickPick.bind(window) as (...args: unknown[]) => Thenable<unknown>;
  window.showQuickPick = scripted(showQuickPick, async (respond, items: unknown, options?: unknown) => {
    return respond({ kind: 'pick', items: (await items) as vscode.QuickPickItem[], options: options ?? {} });
  }) as typeof window.showQuickPick;
  window.showInputBox = scripted(window.showInputBox.bind(window), async (respond, options: vscode.InputBoxOptions = {}) => {
    for (let rejected: string | undefined; ; ) {
      const value = await respond({ kind: 'input', options, rejected });
      if (typeof value !== 'string') return undefined;
      rejected = refusal(await options.validateInput?.(value));
      if (rejected === undefined) return value;
    }
  });
  window.createInputBox = scripted(window.createInputBox.bind(window), (respond) => scriptedInputBox(respond));
  for (const [name, severity] of [
    ['showInformationMessage', 'info'],
    ['showWarningMessage', 'warning'],
    ['showErrorMessage', 'error'],
  ] as const) {
    const real = window[name].bind(window) as (...args: unknown[]) => Thenable<unknown>;
    window[name] = scripted(real, async (respond, message: string, ...rest: unknown[]) => {
      const options = isMessageOptions(rest[0]) ? (rest.shift() as vscode.MessageOptions) : {};
      const items = rest as Array<string | vscode.MessageItem>;
      const request: PromptRequest = { kind: 'message', severity, message, modal: options.modal ?? false, detail: options.detail, actions: items.map(titleOf) };
      const reply = await respond(request);
      if (reply === undefined) return undefined;
      const chosen = items.find((item) => titleOf(item) === titleOf(reply as string | vscode.MessageItem));
      assert.ok(chosen !== undefined, `answered ${JSON.stringify(reply)} to “${message}”, which offers ${JSON.stringify(request.actions)}`);
      return chosen;
    });
  }
  window.showSaveDialog = scripted(window.showSaveDialog.bind(window), async (respond, options: vscode.SaveDialogOptions = {}) => {
    return (await respond({ kind: 'saveDialog', options })) as vscode.Uri | undefined;
  });
  window.showOpenDialog = scripted(window.showOpenDialog.bind(window), async (respond, options: vscode.OpenDialogOptions = {}) => {
    return (await respond({ kind: 'openDialog', options })) as vscode.Uri[] | undefined;
  });
  const env = vscode.env as Writable<typeof vscode.env>;
  env.openExternal = scripted(env.openExternal.bind(env), async (respond, uri: vscode.Uri) => Boolean(await respond({ kind: 'openExternal', uri })));
  const withProgress = window.withProgress.bind(window);
  window.withProgress = scripted(withProgress, (respond, options, task) => {
    // The notification shows as it would; the test sees what it says and may press its Cancel.
    const source = new vscode.CancellationTokenSource();
    const request: PromptRequest = { kind: 'progress', title: options.title ?? '', reports: [], cancel: () => source.cancel() };
    void respond(request);
    return withProgress(options, async (progress, token) => {
      const link = token.onCancellationRequested(() => source.cancel());
      try {
        const report = (value: { message?: string; increment?: number }) => {
          if (value.message !== undefined) request.reports.push(value.message);
          progress.report(value);
        };
        return await task({ report }, source.token);
      } finally {
        link.dispose();
        source.dispose();
      }
    });
  });
}

function isMessageOptions(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !('title' in value);
}

function titleOf(item: string | vscode.MessageItem): string {
  return typeof item === 'string' ? item : item?.title;
}

/** The reason a box's validateInput refuses a value, as VS Code would keep the box open; undefined when accepted. */
function refusal(validation: string | vscode.InputBoxValidationMessage | null | undefined): string | undefined {
  if (!validation) return undefined;
  if (typeof validation === 'string') return validation;
  return validation.severity === vscode.InputBoxValidationSeverity.Error ? validation.message : undefined;
}

/**
 * An InputBox the script types into: each answer is typed (onDidChangeValue) and accepted
 * (onDidAccept); the box either closes (the value was taken) or shows a validation message, which
 * the next request carries as `rejected`. An undefined answer is Escape (onDidHide).
 */
function scriptedInputBox(respond: Responder): vscode.InputBox {
  const changed = new vscode.EventEmitter<string>();
  const accepted = new vscode.EventEmitter<void>();
  const hidden = new vscode.EventEmitter<void>();
  const triggered = new vscode.EventEmitter<vscode.QuickInputButton>();
  let validationMessage: string | vscode.InputBoxValidationMessage | undefined;
  let settle: (() => void) | undefined;
  let disposed = false;
  let shown = false;
  const box = {
    value: '',
    placeholder: undefined as string | undefined,
    password: false,
    prompt: undefined as string | undefined,
    title: undefined as string | undefined,
    step: undefined,
    totalSteps: undefined,
    enabled: true,
    busy: false,
    ignoreFocusOut: false,
    buttons: [],
    valueSelection: undefined,
    get validationMessage() {
      return validationMessage;
    },
    set validationMessage(message: string | vscode.InputBoxValidationMessage | undefined) {
      validationMessage = message;
      if (message) settle?.();
    },
    onDidChangeValue: changed.event,
    onDidAccept: accepted.event,
    onDidHide: hidden.event,
    onDidTriggerButton: triggered.event,
    show() {
      if (shown) return;
      shown = true;
      void drive();
    },
    hide() {
      if (!disposed) hidden.fire();
    },
    dispose() {
      disposed = true;
      settle?.();
    },
  };
  async function drive(): Promise<void> {
    // The value the box opened with: what was typed since is the answer's, not the product's to show.
    const initial = box.value;
    for (let rejected: string | undefined; !disposed; ) {
      const options: vscode.InputBoxOptions = { title: box.title, prompt: box.prompt, placeHolder: box.placeholder, password: box.password, value: initial };
      const value = await respond({ kind: 'input', options, rejected });
      if (disposed) return;
      if (typeof value !== 'string') return box.hide();
      const outcome = new Promise<void>((resolve) => (settle = resolve));
      validationMessage = undefined;
      box.value = value;
      changed.fire(value);
      accepted.fire();
      await outcome;
      settle = undefined;
      const said = box.validationMessage;
      rejected = disposed ? undefined : typeof said === 'string' ? said : said?.message;
    }
  }
  return box;
}

function capturePanel(viewType: string, panel: vscode.WebviewPanel): CapturedPanel {
  const webview = panel.webview as Writable<vscode.Webview>;
  const fromTest = new vscode.EventEmitter<unknown>();
  const fromPage = webview.onDidReceiveMessage;
  const entry: CapturedPanel = {
    viewType,
    panel,
    get html() {
      return webview.html;
    },
    posted: [],
    received: [],
    disposed: false,
    send(message) {
      entry.received.push(message);
      fromTest.fire(message);
    },
  };
  fromPage((message) => entry.received.push(message));
  const post = webview.postMessage.bind(webview);
  webview.postMessage = (message: unknown) => {
    entry.posted.push(message);
    return post(message);
  };
  const both: vscode.Event<unknown> = (listener, thisArgs, disposables) => {
    const subscription = vscode.Disposable.from(fromPage(listener, thisArgs), fromTest.event(listener, thisArgs));
    disposables?.push(subscription);
    return subscription;
  };
  Object.defineProperty(webview, 'onDidReceiveMessage', { value: both, configurable: true, writable: true });
  panel.onDidDispose(() => {
    entry.disposed = true;
    fromTest.dispose();
  });
  return entry;
}

/** The channel, with every line it is given also kept in `lines`. */
function recordingChannel(channel: vscode.OutputChannel, lines: string[]): vscode.OutputChannel {
  // The channel object is frozen: a new object inherits from it and records before passing on.
  const recording = Object.create(channel) as vscode.OutputChannel;
  const methods = ['trace', 'debug', 'info', 'warn', 'error', 'appendLine', 'append'] as const;
  for (const name of methods) {
    const real = (channel as unknown as Record<string, ((...args: unknown[]) => void) | undefined>)[name];
    if (typeof real !== 'function') continue;
    const level = name === 'appendLine' || name === 'append' ? '' : `[${name}] `;
    Object.defineProperty(recording, name, {
      value: (message: unknown, ...args: unknown[]) => {
        const text = [message, ...args].map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
        lines.push(`${level}${text}`);
        real.call(channel, message, ...args);
      },
    });
  }
  return recording;
}
