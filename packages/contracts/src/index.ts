export * from './money.js';
export * from './phone.js';
export * from './permissions.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/dashboard.js';
export * from './events/envelope.js';
export * from './events/auth.js';
