// JSON answers prepared once and sent to many requests: the text, and its gzip when it is large. The market
// read cache and the history cache keep these; a browser accepts gzip, so a large body goes out compressed
// without being compressed again for every request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
/** Below this, compressing costs more than it saves. */
const GZIP_MIN_BYTES = 8 * 1024;

export interface JsonBody {
  text: string;
  /** Gzipped `text`, or null when it is too small to be worth it. */
  gzip: Buffer | null;
}

/**
 * Prepares a body for sending: the text, and its gzip when large (compressed on libuv's thread pool, or
 * reused from `previous` when the text is unchanged).
 */
export async function toJsonBody(text: string, previous?: JsonBody): Promise<JsonBody> {
  if (previous?.text === text) return previous;
  return { text, gzip: Buffer.byteLength(text) < GZIP_MIN_BYTES ? null : await gzipAsync(text, { level: 6 }) };
}

/** Sends a prepared body, gzipped when the client accepts it and it is worth it. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (body.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.text);
}
