// The contract shared by the panel and the server: pure TypeScript, no React, MUI or Drizzle.
export * from './limits';
export * from './enums';
export * from './policies';
export * from './errors';
export * from './text-rules';
export * from './sign-in-rules';
export * from './dto';
export * from './access';
export * from './dashboard';
export * from './schemas/auth';
export {
  idParamsSchema,
  type IdParams,
  INT_MAX,
  ID_TEXT,
  jsonTypeErrors,
  isIPv4,
  isIPv6,
  isIpAddress,
  isHostname,
  isHostOrIp,
  isHttpUrl,
  utf8Length,
} from './schemas/common';
export * from './schemas/users';
export * from './schemas/apps';
export * from './schemas/app-settings';
export * from './schemas/ads';
export * from './schemas/versions';
export * from './schemas/servers';
export * from './schemas/profiles';
export * from './schemas/devices';
export * from './schemas/encryption';
export * from './schemas/client-config';
export * from './schemas/audit';
export * from './schemas/field-health';
export * from './schemas/subscriptions';
