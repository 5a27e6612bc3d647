// Ambient declarations for the panel build: CSS side-effect imports, the build-time API_BASE_URL
// constant (webpack DefinePlugin), and webpack's require.context used by feature discovery.
declare module '*.css';

/** Origin of the API server, fixed at build time; '' means the panel's own origin. */
declare const API_BASE_URL: string;

declare namespace NodeJS {
  interface RequireContext {
    keys(): string[];
    <T = unknown>(id: string): T;
  }
  interface Require {
    context(directory: string, useSubdirectories: boolean, regExp: RegExp, mode?: 'sync' | 'lazy' | 'eager'): RequireContext;
  }
}

declare module 'stylis';
