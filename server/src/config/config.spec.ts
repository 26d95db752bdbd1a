import { describe, expect, it } from 'vitest';
import { ConfigError, durationToSeconds, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      database: { url: undefined, embeddedPort: 5433 },
      redis: { url: 'redis://127.0.0.1:6379', keyPrefix: 'atelier' },
      auth: { adminUsername: 'admin', adminPassword: undefined, jwtExpiresInS: 12 * 3600 },
    });
  });

  it('refuses a first super_admin nobody could sign in as, and keeps the name as sign-in looks it up', () => {
    // typed as e and a combining diaeresis, it is the name a sign-in as 'zoë' looks for
    expect(loadConfig({ ADMIN_USERNAME: 'zoe\u0308' }).auth.adminUsername).toBe('zo\u00eb');
    // the sign-in form refuses an all-spaces password, and the API one over 1000 characters
    expect(() => loadConfig({ ADMIN_PASSWORD: ' '.repeat(12) })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'x'.repeat(1001) })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'ad\u200bmin' })).toThrow(/ADMIN_USERNAME/);
    expect(loadConfig({ ADMIN_PASSWORD: ' long enough ' }).auth.adminPassword).toBe(' long enough ');
  });

  it('reads the provider poll timings, with the production schedule by default', () => {
    expect(loadConfig({}).generation).toMatchObject({
      comfyui: { pollIntervalMs: 1500, lostPromptGraceMs: 10_000, unreachableToleranceMs: 60_000 },
      eok: { pollStartMs: 1000 },
    });
    const fast = loadConfig({
      COMFYUI_POLL_INTERVAL_MS: '100',
      COMFYUI_LOST_PROMPT_GRACE_MS: '300',
      COMFYUI_UNREACHABLE_GRACE_MS: '1000',
      EOK_POLL_START_MS: '20',
    });
    expect(fast.generation).toMatchObject({
      comfyui: { pollIntervalMs: 100, lostPromptGraceMs: 300, unreachableToleranceMs: 1000 },
      eok: { pollStartMs: 20 },
    });
    expect(() => loadConfig({ COMFYUI_LOST_PROMPT_GRACE_MS: '0' })).toThrow(/COMFYUI_LOST_PROMPT_GRACE_MS/);
  });

  it('reads CORS_ORIGINS as a list, closed when unset, and refuses what is not an origin', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY/);
  });

  it('reads the request limits, generous by default, and refuses a body limit under 1 KB', () => {
    expect(loadConfig({}).limits).toEqual({
      jsonBodyMaxBytes: 2 * 1024 * 1024,
      jobSubmitMaxPerUser: 60,
      jobSubmitWindowS: 60,
    });
    expect(
      loadConfig({ JSON_BODY_MAX_BYTES: '4096', JOB_SUBMIT_MAX_PER_USER: '5', JOB_SUBMIT_WINDOW_S: '10' }).limits,
    ).toEqual({ jsonBodyMaxBytes: 4096, jobSubmitMaxPerUser: 5, jobSubmitWindowS: 10 });
    expect(() => loadConfig({ JSON_BODY_MAX_BYTES: '100' })).toThrow(/JSON_BODY_MAX_BYTES/);
    expect(() => loadConfig({ JOB_SUBMIT_MAX_PER_USER: '0' })).toThrow(/JOB_SUBMIT_MAX_PER_USER/);
  });

  it('reads TRUST_PROXY as the number of proxies in front, one for true, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['yes', '0', '-1', '1.5', '100'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be true, false or a number/);
  });

  it('refuses a session length of zero, which would refuse every token, and a HOST that is no address', () => {
    for (const zero of ['0', '0m', '00h']) expect(() => loadConfig({ JWT_EXPIRES_IN: zero })).toThrow(/JWT_EXPIRES_IN/);
    expect(loadConfig({ JWT_EXPIRES_IN: '10m' }).auth.jwtExpiresInS).toBe(600);
    for (const host of ['256.1.1.1', 'bad host', 'a..b', '-x'])
      expect(() => loadConfig({ HOST: host }), host).toThrow(/HOST: must be an IP address or a host name/);
    for (const host of [
      '0.0.0.0',
      '127.0.0.1',
      '::',
      '::1',
      'localhost',
      'api.internal',
      'gpu-box-2',
      'atelier_api',
      'host.example.',
    ])
      expect(loadConfig({ HOST: host }).host, host).toBe(host);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        REDIS_URL: 'http://x',
        DATABASE_URL: 'mysql://x/y',
        JWT_SECRET: 'short',
        NODE_ENV: 'production',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(keys).toEqual(expect.arrayContaining(['PORT', 'REDIS_URL', 'DATABASE_URL', 'JWT_SECRET']));
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
  });

  it('refuses a pinned provider without its address, which would start and then fail every job', () => {
    expect(() => loadConfig({ GENERATION_PROVIDER: 'comfyui' })).toThrow(
      /GENERATION_PROVIDER: comfyui needs COMFYUI_URL/,
    );
    expect(() => loadConfig({ GENERATION_PROVIDER: 'eok', COMFYUI_URL: 'http://gpu:8188' })).toThrow(
      /GENERATION_PROVIDER: eok needs EOK_URL/,
    );
    expect(loadConfig({ GENERATION_PROVIDER: 'comfyui', COMFYUI_URL: 'http://gpu:8188' }).generation.provider).toBe(
      'comfyui',
    );
    // users may hold keys of their own: EOK_API_KEY is not required
    expect(loadConfig({ GENERATION_PROVIDER: 'eok', EOK_URL: 'https://gen.example.com' }).generation.provider).toBe(
      'eok',
    );
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    expect([
      durationToSeconds('90'),
      durationToSeconds('15m'),
      durationToSeconds('12h'),
      durationToSeconds('7d'),
    ]).toEqual([90, 900, 43_200, 604_800]);
    expect(() => loadConfig({ JWT_EXPIRES_IN: 'forever' })).toThrow(/JWT_EXPIRES_IN/);
  });
});
