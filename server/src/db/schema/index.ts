// The whole Drizzle schema, one module per table group. drizzle-kit reads this file to generate
// migrations, and the Drizzle client is typed by it.
export * from './enums';
export * from './files';
export * from './access';
export * from './apps';
export * from './servers';
export * from './devices';
export * from './settings';
export * from './audit';
export * from './device-counts';
export * from './bundle';
export * from './mirrors';
export * from './field-health';
export * from './subscriptions';
export * from './alerts';
