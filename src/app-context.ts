/**
 * @module app-context
 * What buildApp() hands to every surface (REST routes, compatibility routes, MCP, metrics):
 * the service, the configuration, provider modes and the metrics registry.
 */
import type { Config } from './config.ts';
import type { MemoryService } from './core/service.ts';
import type { ProviderModes } from './providers/create-providers.ts';
import type { Metrics } from './api/metrics.ts';

export interface AppContext {
  service: MemoryService;
  config: Config;
  providers: ProviderModes;
  metrics: Metrics;
  storeKind: string;
}
