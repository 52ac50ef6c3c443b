import { describe, expect, it } from 'vitest';
import { phoneCheckOf, report, setUpEveryScreen } from './support/every-screen';

// Every screen in French (decision 050; support/every-screen.ts), in a file of its own so it runs beside English.
const run = setUpEveryScreen();

describe('every screen', () => {
  it('in fr at 360 px: nothing wider than the viewport on any screen, no serious axe violation on the text-heavy ones', async () => {
    const failures = await run.eachScreen('fr', phoneCheckOf(run, 'fr'));
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);
});
