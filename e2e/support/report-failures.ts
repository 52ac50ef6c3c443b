import { beforeEach } from 'vitest';
import { failureReport } from './failure-report';

// Setup file of the browser projects (vitest.config.ts): a failed test prints what its pages and servers showed.
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    console.error(await failureReport(task.name));
  });
});
