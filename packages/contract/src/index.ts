export * from './constants.js';
export * from './common.js';
export * from './files.js';
export * from './health.js';
export * from './users.js';
export * from './library.js';
export * from './admin.js';
