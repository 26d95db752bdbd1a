import { pino, type Logger } from 'pino';

/** Paths whose values never reach a log line (tokens, passwords, API keys). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.eok_api_key',
  '*.token',
];

export function createLogger(level: string, name = 'atelier'): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
