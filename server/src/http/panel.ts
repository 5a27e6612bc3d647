// Serves the built panel from dist/ (when it exists) with the single-page-app fallback: a browser
// GET for any non-API path gets index.html and the panel's router takes over. Unknown /api paths,
// and everything when there is no build, get the JSON 404 of docs/architecture.md §5.
// The build writes a brotli (.br) and a gzip (.gz) twin of every text asset (webpack.config.ts);
// each file goes out in the best encoding the browser accepts, with `Vary: Accept-Encoding`, and
// a file without twins goes out as is (API answers are compressed on the fly, see app.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * webpack's content-hashed file names (e.g. main.3f9a1c2b.js) never change content, so cache them
 * for good; so do their precompressed twins (main.3f9a1c2b.js.br), which are what is actually read.
 */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)(?:\.br|\.gz)?$/;

export async function registerPanel(app: FastifyInstance, staticDir: string) {
  const hasPanel = existsSync(path.join(staticDir, 'index.html'));
  if (hasPanel) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false, // set below, per file
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasPanel && wantsPanelPage(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw HttpError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });
}

function wantsPanelPage(request: FastifyRequest): boolean {
  const urlPath = request.url.split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (urlPath === '/api' || urlPath.startsWith('/api/')) return false;
  // A missing script or image must stay a 404, not turn into an HTML page.
  return (request.headers.accept ?? '').includes('text/html') || !path.extname(urlPath);
}
