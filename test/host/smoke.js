#!/usr/bin/env node
// Proves the runner: node test/host/smoke.js
// Env: SMOKE_FORCE_FAIL=1 (expect non-zero), SMOKE_USER_DATA_DIR + SMOKE_STATE_PHASE=write|read (persistence).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { runInHost } = require('./runInHost');

const smokeDir = path.resolve(__dirname, '..', 'extension-smoke');
const workspaceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-ws-'));
fs.writeFileSync(path.join(workspaceDir, 'README.md'), '# smoke workspace\n');
const screenshot = path.resolve(process.env.SMOKE_SCREENSHOT || path.join(os.tmpdir(), 'test-host-smoke.png'));
const started = Date.now();

runInHost({
  extensionDevelopmentPath: smokeDir,
  extensionTestsPath: path.join(smokeDir, 'index.js'),
  workspaceDir,
  userDataDir: process.env.SMOKE_USER_DATA_DIR || undefined,
  env: {
    SMOKE_MARKER: 'from-extensionTestsEnv',
    SMOKE_SCREENSHOT: screenshot,
    ...(process.env.SMOKE_FORCE_FAIL ? { SMOKE_FORCE_FAIL: '1' } : {}),
    ...(process.env.SMOKE_STATE_PHASE ? { SMOKE_STATE_PHASE: process.env.SMOKE_STATE_PHASE } : {}),
  },
})
  .then(() => {
    console.log(`smoke: passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshot ${screenshot}`);
  })
  .catch((e) => {
    console.error(`smoke: FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s: ${e.message}`);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(workspaceDir, { recursive: true, force: true }));
