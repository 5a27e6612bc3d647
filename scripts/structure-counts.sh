#!/bin/bash
# Counts of the things the codebase keeps in one home (docs/architecture.md), read with git grep from one revision: `scripts/structure-counts.sh <rev>` (default HEAD).
# Compare two revisions side by side: paste -d"|" <(scripts/structure-counts.sh A) <(scripts/structure-counts.sh B)
rev=${1:-HEAD}
c() { git grep -nE "$1" $rev -- ${@:2} 2>/dev/null | wc -l; }
echo "§1 GET apps declared (panel):            $(c "query: .*(=> 'apps',|url: 'apps')" src)"
echo "§1 GET apps/countries declared (panel):  $(c "query: .*'apps/countries'" src)"
echo "§1 Flag components:                      $(c "function Flag\b" src)"
echo "§1 role_id compared by hand (panel):     $(c "role_id (===|!==) [0-9]" src)"
echo "§2 Tooltip in feature list files:        $(git grep -l "<Tooltip" $rev -- 'src/features/*list*.tsx' 'src/features/**/*list*.tsx' 2>/dev/null | sort -u | wc -l)"
echo "§3 hand-written type:'object' in routes: $(git grep -nE "type: 'object'" $rev -- server/src/routes server/src/http/schemas.ts 2>/dev/null | grep -v 'docsOnly(' | wc -l)"
echo "§3 nullableStr definitions:              $(c "(const|function) nullableStr" src server)"
echo "§3 DeviceDto definitions:                $(c "^export (interface|type) DeviceDto\b" src server)"
echo "§3 CsvRowError definitions:              $(c "^export (interface|type) CsvRowError\b" src server)"
echo "§4 preHandler: app.authorize:            $(c "preHandler: app.authorize" server/src)"
echo "§4 assertProfileAccess defined in:       $(git grep -lE "function assertProfileAccess" $rev -- server/src | sed "s/^$rev://" | tr '\n' ' ')"
echo "§5 dropPrototypeKeys chains:             $(c "transform\(dropPrototypeKeys\)" src server)"
echo "§6 chunk/pgTextArray defined in:         $(git grep -lE "(function|const) (chunk|pgTextArray)\b" $rev -- server/src | sed "s/^$rev://" | tr '\n' ' ')"
echo "§7 '/servers/' literals in panel:        $(c "'/servers/" src/features)"
echo "§7 USERS_PATHS:                          $(c "USERS_PATHS" src)"
echo "§8 seeders/call helpers in server tests: $(git grep -nE "^(async )?function (seed[A-Z]\w*|call)\(|const call = " $rev -- __tests__/server 2>/dev/null | wc -l)"
echo "§9 eslint-disable comments:              $(c "eslint-disable" src server)"
echo "§10 cites of SPEC §/ARCHITECTURE §:      $(c "SPEC §|ARCHITECTURE §" src server)"
echo "§10 docs/ files:                         $(git ls-tree --name-only $rev docs/ 2>/dev/null | wc -l)"
# One definition per fact and a readable request path (the settings table, request facts, layers).
echo "a setting outside its table line (column + 2 messages = 3): $(c "adsForceByVPNInForeign" src/contract server/src src/features -- ':!src/contract/schemas/app-settings.ts')"
echo "inTransaction calls in route files:      $(c "inTransaction\(" server/src/routes)"
echo "database Proxies (a view that follows a request):  $(c "new Proxy\\(" server/src)"
echo "root database handles on the app (app.db, app.repos): $(c "app\\.(db|repos)\\b" server/src)"
echo "AsyncResource/AsyncLocalStorage in the server: $(c "AsyncResource|AsyncLocalStorage" server/src)"
echo "timers made in route files:              $(c "set(Interval|Timeout)\\(" server/src/routes)"
echo "WeakMap/WeakSet on requests or users:    $(c "new Weak(Map|Set)<(FastifyRequest|AuthUser)" server/src)"
echo "per-instance state made in route files:  $(c "new (ClientConfigCache|SeenDevices)\\(|class SeenDevices" server/src/routes)"
echo "device list files outside its folder:    $(git ls-tree --name-only $rev server/src/repositories/ 2>/dev/null | grep -cE '^server/src/repositories/device(-.*|s)\.ts$')"
echo "route files importing a route file:      $(git grep -nE "from '\./[a-z-]+'" $rev -- server/src/routes 2>/dev/null | grep -vE "user-checks'" | wc -l)"
echo "domain modules importing a repository:   $(c "from '\.\./repositories" server/src/domain)"
# (applied migrations are history and are never edited, so their first lines are not counted)
echo "comments citing an issue number:         $(c "[Ii]ssue [0-9]+" src server __tests__ bench scripts ':!server/src/db/migrations')"
echo "panel components over 80 lines:          $(d=$(mktemp -d); git archive $rev src | tar -x -C $d; node scripts/component-lengths.mjs $d/src | tail -1 | cut -d' ' -f1; rm -rf $d)"
echo "a list page copying a URL preset into the store (presetPending): $(c "presetPending" src)"
echo "early page speculation in the device route: $(c "earlyDevicePage" server/src)"
echo "README bytes:                            $(git show $rev:README.md | wc -c)"
echo -n "files over 300 lines (src, server):      "; for f in $(git ls-tree -r --name-only $rev -- src server | grep -E '\.(ts|tsx|mjs)$'); do n=$(git show $rev:$f | wc -l); [ $n -gt 300 ] && echo -n "$f($n) "; done; echo
