/**
 * Request bodies straight from node's IncomingMessage. The node server (server.ts) builds its web Request
 * without a body stream and registers the message here; the platform reads the bytes from node's stream
 * under the size limit (body.ts). A web ReadableStream over the message cost more than the rest of reading
 * the body, and was built for every request, even those whose route never reads it.
 */
import type { IncomingMessage } from 'node:http';

const sources = new WeakMap<Request, IncomingMessage>();

export function attachNodeBody(request: Request, message: IncomingMessage): void {
  sources.set(request, message);
}

export function nodeBodyOf(request: Request): IncomingMessage | undefined {
  return sources.get(request);
}

/** How much of a body is read (bytes) and for how long (ms); the same limits bound an in-process body (body.ts). */
export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface NodeBodyErrors {
  tooLarge: () => Error;
  cutShort: () => Error;
  tooSlow: () => Error;
}

/**
 * The message's bytes, at most `maxBytes` of them, within `timeoutMs`. Past the limit or the time, reading stops at
 * once and the message is paused, not drained: the server answers with `connection: close` (server.ts) so a
 * client cannot keep the connection busy with the rest of an upload. `cutShort` when the client goes away or the
 * connection fails before the body is complete.
 */
export function readNodeBody(message: IncomingMessage, limits: BodyLimits, errors: NodeBodyErrors): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (error: Error): void => {
      cleanup();
      chunks.length = 0;
      message.pause();
      reject(error);
    };
    const timer = setTimeout(() => stop(errors.tooSlow()), limits.timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      message.off('data', onData);
      message.off('end', onEnd);
      message.off('error', onError);
      message.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > limits.maxBytes) {
        stop(errors.tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    };
    // A message only fails when the client side does (an aborted upload, a reset connection): not a server fault.
    const onError = (): void => {
      cleanup();
      reject(errors.cutShort());
    };
    // A client that goes away mid-body: the message closes without ending.
    const onClose = (): void => {
      if (message.readableEnded) return;
      cleanup();
      reject(errors.cutShort());
    };
    if (message.readableEnded) {
      cleanup();
      resolve(new Uint8Array(0));
      return;
    }
    message.on('data', onData);
    message.once('end', onEnd);
    message.once('error', onError);
    message.once('close', onClose);
  });
}
