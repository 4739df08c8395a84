import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints how many tests were skipped and fails the run when any was, so that
 * a test that skips (it.skip, a forgotten .todo) cannot pass `make test`
 * without testing anything.
 */
export default class SkipGuardReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        if (test.result().state === 'skipped') skipped.push(`${mod.moduleId} › ${test.fullName}`);
      }
    }
    console.log(`vitest: ${skipped.length} skipped`);
    if (skipped.length === 0) return;
    for (const name of skipped) console.log(`  skipped: ${name}`);
    console.log('vitest: a skipped test fails the run (web/src/test/skip-guard-reporter.ts)');
    process.exitCode = 1;
  }
}
