// With TEST_DATABASE_URL, creates one fresh PostgreSQL database for this run and drops it afterwards.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('postgresUrl', undefined);
    return;
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
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
