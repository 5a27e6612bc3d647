// Connection profiles of a server (docs/product.md §3 Profile). The
// address is stored sealed (docs/architecture.md §6); the list leaves the sealed token out (it was two
// thirds of a big list's bytes), addressToken hands it out for one profile, and only
// apps/convertProfile opens it. Id lists are processed in chunks: a batch delete
// may name up to 100,000 ids, more than one statement can bind (65,535 parameters).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Operator, ProfileDto, ProfileType, Protocol } from '../../../src/contract';
import type { Db } from '../db/client';
import { ID_CHUNK, chunk, pgTextArray } from '../db/helpers';
import { operatorEnum, profileTypeEnum, profiles, protocolEnum } from '../db/schema';
import { yieldToEventLoop } from '../domain/cooperative';

export interface ProfileValues {
  serverId: number;
  name: string;
  operator: Operator;
  protocol: Protocol;
  type: ProfileType;
  /** Sealed with context 'profile.address'. */
  addressEnc: string;
}

/** Rows per INSERT of the batch import (six array parameters per statement, whatever the size). */
export const INSERT_BATCH = 5_000;

const dtoColumns = {
  id: profiles.id,
  name: profiles.name,
  operator: profiles.operator,
  protocol: profiles.protocol,
  type: profiles.type,
  serverId: profiles.serverId,
};

/** A profile with its sealed address token, for the server's own checks (never listed). */
export type StoredProfile = ProfileDto & { address: string };

export function profilesRepository(db: Db) {
  return {
    async listByServer(serverId: number): Promise<ProfileDto[]> {
      return db.select(dtoColumns).from(profiles).where(eq(profiles.serverId, serverId)).orderBy(asc(profiles.id));
    },

    /** The list with each sealed token, for the server's own use (the subscription export). */
    async listStoredByServer(serverId: number): Promise<StoredProfile[]> {
      return db
        .select({ ...dtoColumns, address: profiles.addressEnc })
        .from(profiles)
        .where(eq(profiles.serverId, serverId))
        .orderBy(asc(profiles.id));
    },

    async findById(id: number): Promise<StoredProfile | undefined> {
      const [row] = await db
        .select({ ...dtoColumns, address: profiles.addressEnc })
        .from(profiles)
        .where(eq(profiles.id, id));
      return row;
    },

    /** profile id → server id, for the ids that exist. */
    async serverIdsOf(ids: number[]): Promise<Map<number, number>> {
      const found = new Map<number, number>();
      for (const part of chunk(ids, ID_CHUNK)) {
        const rows = await db.select({ id: profiles.id, serverId: profiles.serverId }).from(profiles).where(inArray(profiles.id, part));
        for (const r of rows) found.set(r.id, r.serverId);
      }
      return found;
    },

    async insert(values: ProfileValues): Promise<ProfileDto> {
      const [row] = await db.insert(profiles).values(values).returning(dtoColumns);
      return row;
    },

    /**
     * Inserts many rows, INSERT_BATCH per statement; run it in a transaction so all or none land.
     * Each statement binds one array per column and unnests it (WITH ORDINALITY keeps the file's
     * order in the ids): about five times faster than a multi-row VALUES list with a parameter per
     * cell, whose parsing and binding dominate on PGlite.
     */
    async insertMany(rows: ProfileValues[]): Promise<number> {
      const col = (c: { name: string }) => sql.identifier(c.name);
      for (const [n, part] of chunk(rows, INSERT_BATCH).entries()) {
        // A turn of the event loop between statements: PGlite runs each one synchronously (about half a
        // second for 5,000 rows), and its promises resolve without one, so a 100,000-row import held the
        // loop for its whole insert (11 s in bench:profiles-import) and nothing else was answered.
        if (n > 0) await yieldToEventLoop();
        const array = (pick: (r: ProfileValues) => string) => pgTextArray(part.map(pick));
        await db.execute(sql`
          INSERT INTO ${profiles} (${col(profiles.serverId)}, ${col(profiles.name)}, ${col(profiles.addressEnc)}, ${col(profiles.operator)}, ${col(profiles.protocol)}, ${col(profiles.type)})
          SELECT u.server_id::integer, u.name, u.address_enc, u.operator::${sql.identifier(operatorEnum.enumName)}, u.protocol::${sql.identifier(protocolEnum.enumName)}, u.type::${sql.identifier(profileTypeEnum.enumName)}
          FROM unnest(${array((r) => String(r.serverId))}::text[], ${array((r) => r.name)}::text[], ${array((r) => r.addressEnc)}::text[],
                      ${array((r) => r.operator)}::text[], ${array((r) => r.protocol)}::text[], ${array((r) => r.type)}::text[])
            WITH ORDINALITY AS u(server_id, name, address_enc, operator, protocol, type, ord)
          ORDER BY u.ord`);
      }
      return rows.length;
    },

    async update(id: number, values: Partial<ProfileValues>): Promise<ProfileDto | undefined> {
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, id)).returning(dtoColumns);
      return row;
    },

    /** Answers how many were deleted; run it in a transaction when the ids span several chunks. */
    async remove(ids: number[]): Promise<number> {
      let n = 0;
      for (const part of chunk(ids, ID_CHUNK)) {
        n += (await db.delete(profiles).where(inArray(profiles.id, part)).returning({ id: profiles.id })).length;
      }
      return n;
    },

    /** The profile holding this exact sealed token (tokens are unique: each has a random IV). */
    async idByAddressToken(token: string): Promise<number | undefined> {
      const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.addressEnc, token)).limit(1);
      return row?.id;
    },
  };
}
