import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// The list reporter marks a skipped spec but does not say why. Against a deployed portal a skip means a
// power it does not grant (mail, sandbox payments, redeploying a remote), and whoever reads the console
// must see which: this prints each skip with its reason just before the list reporter's count line.

export default class SkipReasonsReporter implements Reporter {
  private readonly skipped: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reasons = test.annotations.filter((a) => a.type === 'skip' && a.description).map((a) => a.description);
    const title = test.titlePath().slice(2).filter(Boolean).join(' › ');
    this.skipped.push(`  - ${title}\n      ${reasons.length > 0 ? reasons.join('; ') : 'no reason given'}`);
  }

  onEnd(_result: FullResult): void {
    if (this.skipped.length === 0) return;
    console.log(`\nSkipped, with the reason:\n${this.skipped.join('\n')}`);
  }
}
