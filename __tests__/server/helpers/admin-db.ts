// Shared by test-app.ts and the server projects' global setup: one statement on TEST_DATABASE_URL's
// server (CREATE or DROP DATABASE), and where the global setup leaves the migrated databases.
import { Client } from 'pg';

/** The file holding a dump of a migrated in-memory PGlite data dir (the `server` project). */
export const PGLITE_SNAPSHOT_ENV = 'PANEL_TEST_PGLITE_SNAPSHOT';
/** The name of the migrated template database on TEST_DATABASE_URL's server (`server-postgres`). */
export const PG_TEMPLATE_ENV = 'PANEL_TEST_PG_TEMPLATE';
/** A test database of the run is named `<template><RUN_DATABASE_INFIX>…`; the global teardown drops them all. */
export const RUN_DATABASE_INFIX = '_app_';

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
