import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints how many journeys were skipped and fails the run when any was: a
 * journey that skips in `make test` (a missing browser, a forgotten
 * test.skip) would otherwise pass without testing anything.
 */
export default class SkipGuardReporter implements Reporter {
  private readonly skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped.push(test.titlePath().filter(Boolean).join(' › '));
  }

  // Async: Playwright's Reporter type lets only a promise carry the overriding status.
  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    console.log(`e2e: ${this.skipped.length} skipped`);
    if (this.skipped.length === 0) return undefined;
    for (const name of this.skipped) console.log(`  skipped: ${name}`);
    console.log('e2e: a skipped journey fails the run (web/e2e/skip-guard-reporter.ts)');
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }
}
