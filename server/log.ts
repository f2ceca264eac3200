/**
 * Structured one-line logs on stderr. Callers pass only codes, classes and route patterns:
 * a failed query's message can hold row data, so messages of unexpected errors are never logged.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;
type Sink = (line: string) => void;

const stderrSink: Sink = (line) => process.stderr.write(`${line}\n`);
let sink: Sink | null = stderrSink;

/** Tests capture or mute the log; null mutes it, undefined restores stderr. */
export function setLogSink(next: Sink | null | undefined): void {
  sink = next === undefined ? stderrSink : next;
}

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields): void {
  sink?.(JSON.stringify({ at: new Date().toISOString(), level, event, ...fields }));
}

export const log = {
  info: (event: string, fields: Fields = {}) => write('info', event, fields),
  warn: (event: string, fields: Fields = {}) => write('warn', event, fields),
  error: (event: string, fields: Fields = {}) => write('error', event, fields),
};
