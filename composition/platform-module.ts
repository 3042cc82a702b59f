/**
 * The contract between the composition root and the subsystems it wires. It lives apart from the root so a
 * module (and the routes that use a module's tokens) can name it without importing the root, which imports
 * every module.
 */
import type { AppConfig } from '../adapters/config/env.js';
import type { Resolve, Token } from './tokens.js';

export interface Registry {
  /** Binds a ready-made value. */
  value<T>(token: Token<T>, value: T): void;
  /** Binds a lazily built singleton; the factory may resolve other tokens. */
  factory<T>(token: Token<T>, build: (resolve: Resolve) => T): void;
  resolve: Resolve;
  /** Whether any module has bound the token (a module that can use another's service asks this first). */
  has(token: Token<unknown>): boolean;
}

export interface PlatformModule {
  name: string;
  /**
   * Tokens bound elsewhere (the platform, another module) that this module resolves. createApp refuses to build
   * an app in which one is unbound, naming the module and the token, instead of failing on first use.
   */
  needs?: readonly Token<unknown>[];
  /**
   * Tokens of other modules this module uses only when the app binds them (it asks `registry.has` first). A module
   * may resolve only the tokens it binds and those in `needs` and `uses`: any other resolve throws, naming both.
   */
  uses?: readonly Token<unknown>[];
  register(registry: Registry, config: AppConfig): void;
  /** Runs once before the app serves (load rules, connect stores). */
  start?(resolve: Resolve): Promise<void>;
  /** Runs on shutdown, in reverse module order. */
  stop?(resolve: Resolve): Promise<void>;
}
