// Response shapes of the server, country, profile and operator calls (SPEC §3, /api/v1 issue 6).
import type { Operator, ProfileType, Protocol } from '../../contract';

export interface AppRef {
  id: number;
  name: string;
}

export interface Server {
  id: number;
  /** Shown as the server name. */
  ip: string;
  apps: { app: AppRef }[];
  location: { id: number; name: string; code: string };
  flagUrl: string;
  username: string | null;
  provider: string | null;
  port: number | null;
  hasPassword: boolean;
  profileCount: number;
}

export interface Country {
  id: number;
  /** Two upper-case letters. */
  code: string;
  name: string;
  timezones: string[];
  flagUrl: string;
}

export interface Profile {
  id: number;
  name: string;
  operator: Operator;
  protocol: Protocol;
  type: ProfileType;
  serverId: number;
  /** The sealed address token (POST apps/convertProfile reveals it). */
  address: string;
}

export interface RevealedProfile {
  link: string;
  protocol: string;
  host: string;
  port: number;
  id: string;
  transport: string;
  security: string;
  sni: string | null;
  path: string | null;
  remark: string;
  params: Record<string, string>;
}

export interface OperatorSettings {
  wifiOperatorName: string;
  mciOperatorName: string;
  irancellOperatorName: string;
  othersOperatorName: string;
}

export interface CsvRowError {
  row: number;
  field: string | null;
  reason: string;
}
