import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError, setErrorReporter } from './report-error';

afterEach(() => {
  setErrorReporter(null);
  vi.restoreAllMocks();
});

describe('reportError', () => {
  it('warns on the console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = new Error('x');
    reportError(error, { key: 'k' });
    expect(warn).toHaveBeenCalledWith('[velora]', error, { key: 'k' });
  });

  it('goes to the plugged-in reporter', () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    reportError('boom');
    expect(reporter).toHaveBeenCalledWith('boom', undefined);
  });

  it('never throws when the reporter fails', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setErrorReporter(() => {
      throw new Error('reporter down');
    });
    expect(() => reportError('boom')).not.toThrow();
  });
});
