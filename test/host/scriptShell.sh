#!/bin/sh
# npm runs the install scripts of test/host through this shell (`npm ci --script-shell=...`).
# code-server's postinstall refuses to run as root unless npm_config_unsafe_perm=true, a setting
# npm 7+ no longer has and warns about when it is given to npm itself; so only the scripts get it.
export npm_config_unsafe_perm=true
exec sh "$@"
