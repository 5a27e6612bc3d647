// Web test setup: jest-dom matchers, webpack's require.context over the file system, matchMedia
// answered from window.innerWidth (jsdom has none), a clean localStorage per test, and both
// message catalogues loaded up front so providers render synchronously.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import * as React from 'react';
import fs from 'node:fs';
import path from 'node:path';

type Req = (id: string) => unknown;

function requireContext(req: Req, baseDir: string, directory: string, deep: boolean, regExp: RegExp, mode = 'sync') {
  const root = path.resolve(baseDir, directory);
  const keys: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (deep) walk(full);
      } else {
        const key = `./${path.relative(root, full).split(path.sep).join('/')}`;
        if (regExp.test(key)) keys.push(key);
      }
    }
  };
  walk(root);
  const load = (key: string) => req(path.join(root, key));
  const context = (key: string) => (mode === 'sync' ? load(key) : Promise.resolve().then(() => load(key)));
  context.keys = () => [...keys];
  return context;
}
(globalThis as unknown as { __requireContext: typeof requireContext }).__requireContext = requireContext;

function matchesQuery(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => {
    const listeners = new Set<(e: MediaQueryListEvent) => void>();
    const list = {
      get matches() {
        return matchesQuery(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addListener: (l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeListener: (l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      dispatchEvent: () => true,
    };
    window.addEventListener('resize', () => listeners.forEach((l) => l({ matches: list.matches, media: query } as MediaQueryListEvent)));
    return list;
  },
});

// Lazy pages compile on first use and the data grid mounts slowly in jsdom, more so on a busy
// 2-core machine: give finds and tests room (jest ignores a project-level testTimeout).
configure({ asyncUtilTimeout: 8000 });
// Multi-step MUI interactions in jsdom take several seconds each on a loaded 2-core machine.
jest.setTimeout(60_000);

beforeAll(async () => {
  const { loadMessages } = await import('../../src/app/i18n/messages');
  await Promise.all([loadMessages('fa'), loadMessages('en')]);
});

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

// React 19's development build captures, for each element created, an Error (a stack trace) and a
// console task, so that its own warnings can name the owner component's source line; it stops after
// 10,000 a second. In jsdom, where rendering is slow, that is nearly every element: profiled, a
// tenth of a web file's CPU and much of its garbage went to those stacks. Here the count stays at
// the limit, so elements carry React's shared "unknown owner" stack instead. Only the detail of
// React's warning messages changes (they still name the components); no test reads it.
{
  const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      configurable: true,
      get: () => 10_000,
      set: () => {
        // React resets the count once a second: it stays at the limit
      },
    });
  }
}
