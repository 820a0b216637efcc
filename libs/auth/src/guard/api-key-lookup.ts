import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type ApiKeyRecord, findApiKey } from '../api-keys/api-key-repository';

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Known keys by the key itself, cached for 30 s (process memory only; the table keeps hashes), so a hit
 * costs no hashing and a revocation takes effect within that time.
 */
@Injectable()
export class ApiKeyLookup {
  private readonly cache = new Map<string, { record: ApiKeyRecord; expiresAt: number }>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(key: string): Promise<ApiKeyRecord | null> {
    return this.cached(key) ?? this.load(key);
  }

  /** The key's record while it is cached and fresh, without a promise: the hot path of every request. */
  cached(key: string): ApiKeyRecord | undefined {
    const cached = this.cache.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.record : undefined;
  }

  private async load(key: string): Promise<ApiKeyRecord | null> {
    const now = Date.now();
    const record = await findApiKey(this.dataSource, key);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    if (record) this.cache.set(key, { record, expiresAt: now + CACHE_TTL_MS });
    else this.cache.delete(key);
    return record;
  }
}

/** The x-api-key header, trimmed; '' when absent. */
export function apiKeyHeader(headers: Record<string, string | string[] | undefined>): string {
  const header = headers['x-api-key'];
  return typeof header === 'string' ? header.trim() : '';
}
