// PostgreSQL enum types, built from the contract's lists so the database and both sides of the
// API accept exactly the same values (docs/product.md §3 and §9).
import { pgEnum } from 'drizzle-orm/pg-core';
import { DETECT_LOCATION_BY, OPERATORS, PROFILE_TYPES, PROTOCOLS } from '../../../../src/contract/enums';

export const operatorEnum = pgEnum('operator', OPERATORS);
export const protocolEnum = pgEnum('protocol', PROTOCOLS);
export const profileTypeEnum = pgEnum('profile_type', PROFILE_TYPES);
export const detectLocationByEnum = pgEnum('detect_location_by', DETECT_LOCATION_BY);
