import { describe, expect, it } from 'vitest';
import { englishCheckOf, report, setUpEveryScreen } from './support/every-screen';
import { routesWithoutScreen } from './support/screens';

// Every screen in English (decision 050; support/every-screen.ts): German and French are every-screen.de and .fr.
const run = setUpEveryScreen();

describe('every screen', () => {
  it('has a demo path for every route of the table', () => {
    expect(routesWithoutScreen(run.screens())).toEqual([]);
  });

  it('in English: no serious or critical axe violation at 1366 and 360 px, and nothing wider than 360 px', async () => {
    const failures = await run.eachScreen('en', englishCheckOf(run));
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);
});
