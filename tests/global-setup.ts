// The run's PGlite template (tests/helpers/pglite-template.ts); with TEST_DATABASE_URL, one fresh
// PostgreSQL database for this run, dropped afterwards.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from './helpers/pglite-template.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const removeTemplate = await makePgliteTemplate();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('postgresUrl', undefined);
    return async () => removeTemplate();
  }
  const name = `purrfect_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  project.provide('postgresUrl', url.toString());
  return async () => {
    removeTemplate();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
