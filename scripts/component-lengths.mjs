#!/usr/bin/env node
// Components (and other capitalised functions) of the panel longer than 80 lines, longest first:
// `node scripts/component-lengths.mjs [dir]` (default src). A function runs from its declaration to
// the first line after it that is only a closing brace, which is where Prettier ends a top-level one.
import fs from 'node:fs';
import path from 'node:path';

const LIMIT = 80;
const START = /^(export )?(default )?(function ([A-Z]\w*)|const ([A-Z]\w*)\b.*=.*(=>|function))/;
const END = new Set(['}', '};', '});', '}));']);

function* tsxFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsxFiles(full);
    else if (entry.name.endsWith('.tsx')) yield full;
  }
}

const long = [];
for (const file of tsxFiles(process.argv[2] ?? 'src')) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = START.exec(lines[i]);
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && !END.has(lines[j])) j++;
    if (j - i + 1 > LIMIT) long.push({ lines: j - i + 1, file, name: m[4] ?? m[5] });
    i = j;
  }
}
for (const c of long.sort((a, b) => b.lines - a.lines)) console.log(`${c.lines} ${c.file} ${c.name}`);
console.log(`${long.length} over ${LIMIT} lines`);
