import { Writable } from 'node:stream';
import { pino } from 'pino';

/** A logger that keeps the app's error lines, so a test or report of a 5xx can say what went wrong. */
export function listeningLogger() {
  let lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        const line = JSON.parse(chunk.toString()) as { msg?: string; err?: { message?: string; stack?: string; detail?: string } };
        // A database error's detail names what it was about (the two sides of a deadlock, say).
        const detail = line.err?.detail ? `\n${line.err.detail}` : '';
        lines.push(line.err ? `${line.msg ?? ''}: ${line.err.stack ?? line.err.message ?? ''}${detail}` : (line.msg ?? ''));
      } catch {
        // Not a JSON line: nothing to keep.
      }
      done();
    },
  });
  return {
    log: pino({ level: 'error' }, stream),
    /** The lines logged since the last call. */
    take() {
      const taken = lines;
      lines = [];
      return taken;
    },
  };
}
