/** The embedding API's default logger: a library writes nothing to the host's stderr unless asked to. */
import type { Logger } from '../../core/ports/logger.js';

export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
