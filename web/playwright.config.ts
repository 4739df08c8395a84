import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
// The SMTP sink (e2e/smtp-sink.ts, started by globalSetup) the server's SMTP_URL points at;
// workers load this file too and see the same port.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
process.env.E2E_SMTP_PORT = String(smtpPort);

/**
 * End-to-end journeys against the real binary (bin/signalpipe, built by
 * `make build`) with a fresh SQLite database and a local SMTP sink for its
 * mail. Uses Debian's Chromium; never downloads browsers.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./e2e/skip-guard-reporter.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'] },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: `bash ../scripts/e2e-server.sh ${port} ${smtpPort}`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
