export { buildGateway, type GatewayOptions } from './app.js';
export { loadGatewayConfig, type GatewayConfig } from './config.js';
export { MODULES, type ModuleDeclaration } from './modules.js';
