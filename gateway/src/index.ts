export { buildGateway, type GatewayOptions } from './app.js';
export { loadGatewayConfig, SERVICE_ROUTES, STATS_PATHS, type GatewayConfig } from './config.js';
