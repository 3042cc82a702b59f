import type { Command } from 'commander';
import { ignoredLookalikes, loadConfig } from '../../config/env.js';
import { createApp } from '../../../composition/app.js';
import { listen } from '../../http-h3/server.js';

/** `tenet serve`: validate configuration, wire the app, listen on HOST:PORT and print the address. */
export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  const app = await createApp(config);
  const logger = app.logger;
  for (const notice of ignoredLookalikes(env)) logger.warn(notice);
  const server = await listen(app.http, config.host, config.port, logger);
  process.stdout.write(`tenet: serving on ${server.url} (environment ${config.environment})\n`);
  logger.info('listening', { url: server.url });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void server
      .close()
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
    // Keep-alive sockets must not hold the process open forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the HTTP API on HOST:PORT (defaults 127.0.0.1:8080); configuration comes from environment variables')
    .action(async () => {
      await serve();
    });
}
