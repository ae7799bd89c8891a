// Workbench log lines that every run prints and that say nothing about the tests: connection
// chatter, the service worker this server does not ship (404), the extension gallery that is
// pointed at 127.0.0.1:9 on purpose, and shutdown notes of the web workbench. The launcher leaves
// them out of the test output (LIVEPEER_TEST_VERBOSE=1 shows them); everything else, errors
// included, is printed.
'use strict';

const NOISE = [
  /^Resolv(ing|ed) connection token \(/,
  /^Creating a socket \(renderer-/,
  /^Updating additional builtin extensions cache$/,
  /^\[Service Worker\] registration .*serviceWorker\.js.*\(404\)/s,
  /^ChatSessionStore: Migrating 0 chat sessions/,
  /^Creation of workbench contribution '[\w.]+' took \d+ms\.$/,
  /^connect ECONNREFUSED 127\.0\.0\.1:9\b/,
  /^\[lifecycle\] (onBeforeUnload triggered and handled|Long running operations during shutdown are unsupported in the web)/,
];

function isWorkbenchNoise(text) {
  return NOISE.some((pattern) => pattern.test(text));
}

module.exports = { isWorkbenchNoise };
