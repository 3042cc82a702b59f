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

/**
 * The message's bytes, at most `limit` of them: past the limit reading stops at once, the rest of the body
 * is discarded as it arrives (the connection stays usable for the answer) and `tooLarge` is thrown;
 * `cutShort` when the client goes away or the connection fails before the body is complete.
 */
export function readNodeBody(message: IncomingMessage, limit: number, tooLarge: () => Error, cutShort: () => Error): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = (): void => {
      message.off('data', onData);
      message.off('end', onEnd);
      message.off('error', onError);
      message.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > limit) {
        cleanup();
        chunks.length = 0;
        // Keep draining (and dropping) what the client still sends.
        message.resume();
        reject(tooLarge());
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
      reject(cutShort());
    };
    // A client that goes away mid-body: the message closes without ending.
    const onClose = (): void => {
      if (message.readableEnded) return;
      cleanup();
      reject(cutShort());
    };
    if (message.readableEnded) {
      resolve(new Uint8Array(0));
      return;
    }
    message.on('data', onData);
    message.once('end', onEnd);
    message.once('error', onError);
    message.once('close', onClose);
  });
}
