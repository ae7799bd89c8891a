#!/usr/bin/env bash
# Installs the test host used by test/host/runInHost.js:
#   - Debian packages: openssl (the network tests make their CA with it), chromium (the headless browser), libkrb5-dev (kerberos
#     build inside code-server's postinstall), ripgrep (fed to @vscode/ripgrep)
#   - npm packages of test/host (code-server 4.100.3, playwright-core) via npm ci
# Idempotent; non-interactive; downloads only from apt and the npm registry.
# See test/host/README.md.
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export DEBIAN_FRONTEND=noninteractive
export CI="${CI:-true}"

log() { printf '[test-host install] %s\n' "$*"; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    log "not root and no sudo: cannot apt-get install; continuing and hoping the packages are present"
    SUDO="false"
  fi
fi

# ---- 1. apt packages -------------------------------------------------------
APT_PKGS=(chromium libkrb5-dev ripgrep openssl)
missing=()
for p in "${APT_PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "apt: installing ${missing[*]}"
  # Only refresh the package lists when they are absent or the install fails.
  if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    $SUDO apt-get update -q
  fi
  if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"; then
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
else
  log "apt: ${APT_PKGS[*]} already installed"
fi
[ -x /usr/bin/chromium ] || { log "ERROR: /usr/bin/chromium missing after apt install"; exit 1; }
RG_BIN="$(command -v rg || true)"
[ -n "$RG_BIN" ] || { log "ERROR: rg (ripgrep) missing after apt install"; exit 1; }

# ---- 2. ripgrep download cache --------------------------------------------
# @vscode/ripgrep's postinstall (inside code-server) downloads rg from GitHub,
# which is unreachable here, but first looks in $TMPDIR for a cached tarball.
# A gzipped tar with Debian's rg at its root, under the expected name, is used.
TMP_BASE="${TMPDIR:-/tmp}"
RG_PKG_VERSION="1.15.11"
RG_ASSET="ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
if [ "$(uname -m)" != "x86_64" ]; then
  log "WARNING: $(uname -m) is not x86_64; the ripgrep cache name below is for x86_64 and may not be used"
fi
RG_CACHE_DIR="$TMP_BASE/vscode-ripgrep-cache-$RG_PKG_VERSION"
if [ ! -s "$RG_CACHE_DIR/$RG_ASSET" ]; then
  log "ripgrep cache: $RG_CACHE_DIR/$RG_ASSET (from $RG_BIN)"
  mkdir -p "$RG_CACHE_DIR"
  staging="$(mktemp -d "$TMP_BASE/rg-stage.XXXXXX")"
  cp "$(readlink -f "$RG_BIN")" "$staging/rg"
  chmod 755 "$staging/rg"
  tar -czf "$RG_CACHE_DIR/$RG_ASSET.tmp" -C "$staging" rg
  mv "$RG_CACHE_DIR/$RG_ASSET.tmp" "$RG_CACHE_DIR/$RG_ASSET"
  rm -rf "$staging"
else
  log "ripgrep cache: present"
fi

# ---- 3. npm ci in test/host ------------------------------------------------
SERVER_MAIN="$HOST_DIR/node_modules/code-server/lib/vscode/out/server-main.js"
PTY_DIR="$HOST_DIR/node_modules/code-server/lib/vscode/node_modules/node-pty"
STAMP="$HOST_DIR/node_modules/.install-stamp"
lock_sum="$(sha256sum "$HOST_DIR/package-lock.json" | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_sum" ] && [ -f "$SERVER_MAIN" ] && [ -d "$PTY_DIR" ]; then
  log "npm: test/host/node_modules up to date with package-lock.json"
else
  log "npm ci in $HOST_DIR (about a minute)"
  (
    cd "$HOST_DIR"
    # script-shell: lets code-server's postinstall run as root (see scriptShell.sh).
    # yes: node-pty's postinstall runs `npx node-gyp`, which must not prompt.
    TMPDIR="$TMP_BASE" npm_config_yes=true \
      npm ci --no-audit --no-fund --script-shell="$HOST_DIR/scriptShell.sh" </dev/null
  )
  [ -f "$SERVER_MAIN" ] || { log "ERROR: $SERVER_MAIN missing after npm ci"; exit 1; }
  printf '%s' "$lock_sum" > "$STAMP"
fi
log "done"
