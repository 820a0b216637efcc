import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import { SigningSecretEntity } from '../entities/signing-secret.entity';
import { WebhookErrorCode } from '../webhook-errors';

/** What may be shown of a signing secret again: its version and dates, never the secret. */
export interface SigningSecretInfo {
  version: number;
  createdAt: string;
  /** null until the first rotation. */
  rotatedAt: string | null;
}

export class GetSigningSecretInfoQuery extends Query<SigningSecretInfo> {
  constructor(readonly apiKeyId: string) {
    super();
  }
}

/** 404 SIGNING_SECRET_NOT_FOUND before the key has one. */
@QueryHandler(GetSigningSecretInfoQuery)
export class GetSigningSecretInfoHandler implements IQueryHandler<GetSigningSecretInfoQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ apiKeyId }: GetSigningSecretInfoQuery): Promise<SigningSecretInfo> {
    const row = await this.db.dataSource.getRepository(SigningSecretEntity).findOne({
      where: { apiKeyId },
      select: { version: true, createdAt: true, rotatedAt: true },
    });
    if (!row) {
      throw ApiError.notFound(
        'This API key has no signing secret yet',
        WebhookErrorCode.SIGNING_SECRET_NOT_FOUND,
      );
    }
    return {
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      rotatedAt: row.rotatedAt?.toISOString() ?? null,
    };
  }
}
