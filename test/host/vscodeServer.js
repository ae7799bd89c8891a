// Starts VS Code's server (from code-server) the way this project needs it, for the test launcher
// and for `npm run demo`: loopback only, no connection token, no gallery, a private HOME, its own
// process group (its file watcher outlives a plain kill).
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const path = require('path');

const SERVER_MAIN = path.join(__dirname, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');

/** The directories under `root` the server and browser use; created if missing. */
function hostDirs(root, extensionsDir) {
  const dirs = {
    root,
    serverUserData: path.join(root, 'server-user-data'),
    serverData: path.join(root, 'server-data'),
    extensions: extensionsDir || path.join(root, 'extensions'),
    chromium: path.join(root, 'chromium-profile'),
    home: path.join(root, 'home'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  for (const x of ['config', 'cache', 'data', 'state']) fs.mkdirSync(path.join(dirs.home, `.${x}`), { recursive: true });
  return dirs;
}

/** The server's environment; the extension host inherits it, which is how tests get their variables. */
function serverEnv(dirs, runtimeDir, extra) {
  const env = {
    ...process.env,
    ...extra,
    HOME: dirs.home,
    XDG_CONFIG_HOME: path.join(dirs.home, '.config'),
    XDG_CACHE_HOME: path.join(dirs.home, '.cache'),
    XDG_DATA_HOME: path.join(dirs.home, '.data'),
    XDG_STATE_HOME: path.join(dirs.home, '.state'),
    XDG_RUNTIME_DIR: runtimeDir,
    EXTENSIONS_GALLERY: '{"serviceUrl":"http://127.0.0.1:9/none"}',
  };
  // Do not leak an outer VS Code / Electron's settings into the server.
  for (const k of Object.keys(env)) {
    if (k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('VSCODE_')) delete env[k];
  }
  return env;
}

/**
 * Spawns the server; resolves with { child, port } once it listens. `onLine` sees every output line,
 * `onExit` is told when it exits after it was listening. `forTests: false` for a person's session.
 */
function startServer({ dirs, env, port = 0, forTests = true, onLine = () => {}, onExit = () => {} }) {
  if (!fs.existsSync(SERVER_MAIN)) {
    return Promise.reject(new Error(`${SERVER_MAIN} not found: run \`bash test/host/install.sh\` (or \`npm run setup\`) first`));
  }
  return new Promise((resolve, reject) => {
    const args = [
      SERVER_MAIN,
      '--host', '127.0.0.1',
      '--port', String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-telemetry',
      // The smoke-test driver is how the workbench reports test results; it also refuses modal dialogs.
      ...(forTests ? ['--enable-smoke-test-driver'] : []),
      '--disable-workspace-trust',
      '--server-data-dir', dirs.serverData,
      '--user-data-dir', dirs.serverUserData,
      '--extensions-dir', dirs.extensions,
    ];
    const child = childProcess.spawn(process.execPath, args, { env, cwd: dirs.home, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let listening = false;
    const line = (text) => {
      onLine(text);
      const m = /Extension host agent listening on (\d+)/.exec(text);
      if (m && !listening) {
        listening = true;
        resolve({ child, port: Number(m[1]) });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          line(buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
    }
    child.on('exit', (code, signal) => {
      if (listening) onExit(code, signal);
      else reject(new Error(`VS Code server exited before listening (code ${code}, signal ${signal})`));
    });
    child.on('error', (e) => !listening && reject(e));
  });
}

/** Installs a packaged extension (.vsix) into `dirs.extensions` with the server's own CLI, as a user would. */
function installExtension({ dirs, env, vsix }) {
  const result = childProcess.spawnSync(
    process.execPath,
    [SERVER_MAIN, '--install-extension', vsix, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.serverUserData, '--server-data-dir', dirs.serverData, '--accept-server-license-terms'],
    { env, cwd: dirs.home, encoding: 'utf8', timeout: 60_000 },
  );
  if (result.status !== 0 || !/successfully installed/.test(result.stdout)) {
    throw new Error(`installing ${vsix} failed (exit ${result.status}): ${(result.stdout + result.stderr).trim().slice(-2000)}`);
  }
}

/** Stops the server's whole process group (server, file watcher, extension host). */
function killServer(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** The workbench address, with development extensions (and tests) passed as the web payload. */
function workbenchUrl(port, { folder, extensionDevelopmentPaths = [], extensionTestsPath }) {
  const authority = `127.0.0.1:${port}`;
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const payload = [
    ...extensionDevelopmentPaths.map((p) => ['extensionDevelopmentPath', remote(p)]),
    ...(extensionTestsPath ? [['extensionTestsPath', remote(extensionTestsPath)], ['enableProposedApi', '']] : []),
    ['skipWelcome', 'true'],
  ];
  let url = `http://${authority}/?payload=${encodeURIComponent(JSON.stringify(payload))}`;
  if (folder) url += `&folder=${encodeURIComponent(folder)}`;
  return url;
}

module.exports = { SERVER_MAIN, hostDirs, serverEnv, startServer, installExtension, killServer, workbenchUrl };
