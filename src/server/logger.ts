import type { Config } from './config';

export type Logger = Record<
  'debug' | 'info' | 'warn' | 'error',
  (msg: string, fields?: Record<string, unknown>) => void
>;

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** One JSON line per event on stdout/stderr. Callers never pass secrets, tokens or codes. */
export function createLogger(
  level: Config['logLevel'],
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const at = (lvl: keyof Logger) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
