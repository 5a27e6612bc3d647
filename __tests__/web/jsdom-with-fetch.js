// jsdom has no fetch/Request/Response: hand it Node's, and resolve relative URLs against
// location.href the way a browser would, so the panel's base query runs unchanged in tests.
// The selector pre-filter must patch jsdom's helper before jsdom itself loads.
require('./selector-prefilter').install();
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    const resolve = (input) => {
      if (typeof input === 'string' || input instanceof URL) return new URL(String(input), g.location.href).toString();
      return input;
    };
    const NodeRequest = globalThis.Request;
    class BrowserRequest extends NodeRequest {
      constructor(input, init) {
        super(resolve(input), init);
      }
    }
    g.fetch = (input, init) => globalThis.fetch(resolve(input), init);
    g.Request = BrowserRequest;
    g.Response = globalThis.Response;
    g.Headers = globalThis.Headers;
    g.FormData = g.FormData || globalThis.FormData;
    g.AbortController = globalThis.AbortController;
    g.AbortSignal = globalThis.AbortSignal;
    g.TextEncoder = globalThis.TextEncoder;
    g.TextDecoder = globalThis.TextDecoder;
    g.structuredClone = globalThis.structuredClone;
    g.ReadableStream = globalThis.ReadableStream;
    g.Blob = g.Blob || globalThis.Blob;
  }
}

module.exports = JsdomWithFetch;
