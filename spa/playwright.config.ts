import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys run against the real local gateway (the Rust binary built by `make test`) over
 * the DynamoDB Local that `make test` started, with a table prefix of their own.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const gateway = process.env.GATEWAY_BIN;
if (!gateway) throw new Error('GATEWAY_BIN is not set: run the journeys with `make test`');
if (!process.env.DYNAMODB_ENDPOINT) throw new Error('DYNAMODB_ENDPOINT is not set: run the journeys with `make test`');

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: gateway,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
      // The local S3 (moto) `make test` started: the compliance vault's files (compliance-vault.spec.ts).
      ...(process.env.S3_ENDPOINT ? { S3_ENDPOINT: process.env.S3_ENDPOINT } : {}),
      TABLE_PREFIX: `e2e-${Date.now()}-`,
      SPA_DIST: process.env.E2E_SPA_DIST ?? 'dist',
      LOCAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'raisespark-e2e-')),
      RUST_LOG: 'warn',
      // The demo founder and the demo administrator (admin-impersonation.spec.ts); the other
      // journeys make accounts of their own. Seeding takes about 4 s of the start-up.
      SEED_DEMO: '1',
    },
  },
});
