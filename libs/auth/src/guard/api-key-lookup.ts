import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type ApiKeyRecord, findApiKey } from '../api-keys/api-key-repository';

/** A revocation is refused by every process within this long (docs/architecture.md §7). */
export const API_KEY_CACHE_TTL_MS = 1_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Known keys by the key itself, cached for a second (process memory only; the table keeps hashes), so a
 * hit costs no hashing and no promise, and a revocation is refused everywhere within that second. The
 * requests that find a key expired at once share one read of it.
 */
@Injectable()
export class ApiKeyLookup {
  private readonly cache = new Map<string, { record: ApiKeyRecord; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<ApiKeyRecord | null>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(key: string): Promise<ApiKeyRecord | null> {
    return this.cached(key) ?? this.load(key);
  }

  /** The key's record while it is cached and fresh, without a promise: the hot path of every request. */
  cached(key: string): ApiKeyRecord | undefined {
    const cached = this.cache.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.record : undefined;
  }

  private load(key: string): Promise<ApiKeyRecord | null> {
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.read(key).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private async read(key: string): Promise<ApiKeyRecord | null> {
    const now = Date.now();
    const record = await findApiKey(this.dataSource, key);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    if (record) this.cache.set(key, { record, expiresAt: now + API_KEY_CACHE_TTL_MS });
    else this.cache.delete(key);
    return record;
  }
}

/** The x-api-key header, trimmed; '' when absent. */
export function apiKeyHeader(headers: Record<string, string | string[] | undefined>): string {
  const header = headers['x-api-key'];
  return typeof header === 'string' ? header.trim() : '';
}
