import type { CacheHub, SharedCache } from './cache/cache.ts';

const CHANNEL = 'sunstamp_user_cache';

/**
 * What every authenticated request reads (the principal) and the current-user answer, cached per
 * process for a few seconds on the shared cache primitive. Writers call invalidateUser or
 * invalidateAll: one NOTIFY drops both copies in every process.
 */
export class UserCache {
  readonly principals: SharedCache<unknown>;
  readonly me: SharedCache<unknown>;

  constructor(private hub: CacheHub, ttlMs = 3000) {
    this.principals = hub.create('principals', { channel: CHANNEL, ttlMs });
    this.me = hub.create('me', { channel: CHANNEL, ttlMs });
  }

  async invalidateUser(userId: string) {
    await this.hub.invalidate(CHANNEL, userId);
  }

  async invalidateAll() {
    await this.hub.invalidate(CHANNEL, '*');
  }
}
