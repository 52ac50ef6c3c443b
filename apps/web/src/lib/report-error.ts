// A tiny pluggable error reporter: lib/ code reports through it; the app plugs in the
// error-reporting service at start-up (product §8), so lib/ never depends on that service.

export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

const consoleReporter: ErrorReporter = (error, context) => {
  console.warn('[velora]', error, ...(context ? [context] : []));
};

let reporter: ErrorReporter = consoleReporter;

/** Replaces the reporter; `null` restores the default (console.warn). */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next ?? consoleReporter;
}

/** Reports an error; a failing reporter never breaks the caller. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  try {
    reporter(error, context);
  } catch (failure) {
    console.warn('[velora] error reporter failed', failure);
  }
}
