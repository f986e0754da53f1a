// jsdom without the web platform pieces Node already has (fetch, Request, Response, streams, TextEncoder):
// ky and the components under test use them, so the test window gets Node's own implementations.
import JsdomEnvironment from 'jest-environment-jsdom';

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'BroadcastChannel',
];

export default class PortalJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}
