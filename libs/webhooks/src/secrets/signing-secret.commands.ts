import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import type { WebhooksConfig } from '../config/webhooks-config';
import { webhookId } from '../ids';
import { generateSigningSecret } from '../signing/sign-webhook';
import { WEBHOOK_EVENT_STORE, WEBHOOKS_CONFIG, WebhookErrorCode } from '../webhook-errors';
import {
  SIGNING_SECRET_PROVISIONED,
  SIGNING_SECRET_ROTATED,
  signingSecretStream,
  type SigningSecretEventData,
} from './signing-secret.events';
import { insertSigningSecret, replaceSigningSecret } from './signing-secret.repository';

export interface IssuedSecret {
  /** Shown this once; only its sealed form is stored. */
  secret: string;
}

export class ProvisionSigningSecretCommand extends Command<IssuedSecret> {
  constructor(readonly apiKeyId: string) {
    super();
  }
}

export class RotateSigningSecretCommand extends Command<IssuedSecret> {
  constructor(readonly apiKeyId: string) {
    super();
  }
}

async function recordSecretEvent(
  eventStore: EventStore,
  type: string,
  apiKeyId: string,
  version: number,
): Promise<void> {
  const data: SigningSecretEventData = { apiKeyId, version, at: new Date().toISOString() };
  await eventStore.appendToStream(signingSecretStream(apiKeyId), [
    { id: webhookId('signing-secret', apiKeyId, version), type, data },
  ]);
}

/** 409 SIGNING_SECRET_EXISTS when the key already has one: a secret is shown once and never again. */
@CommandHandler(ProvisionSigningSecretCommand)
export class ProvisionSigningSecretHandler implements ICommandHandler<ProvisionSigningSecretCommand> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOK_EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async execute({ apiKeyId }: ProvisionSigningSecretCommand): Promise<IssuedSecret> {
    const secret = generateSigningSecret();
    if (!(await insertSigningSecret(this.db.dataSource, this.config.secretBox(), apiKeyId, secret))) {
      throw new ApiError(
        409,
        WebhookErrorCode.SIGNING_SECRET_EXISTS,
        'This API key already has a signing secret; rotate it to get a new one',
      );
    }
    await recordSecretEvent(this.eventStore, SIGNING_SECRET_PROVISIONED, apiKeyId, 1);
    return { secret };
  }
}

/** Deliveries signed after this returns use the new secret only: the dispatcher reads the stored version per claim. */
@CommandHandler(RotateSigningSecretCommand)
export class RotateSigningSecretHandler implements ICommandHandler<RotateSigningSecretCommand> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WEBHOOK_EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {}

  async execute({ apiKeyId }: RotateSigningSecretCommand): Promise<IssuedSecret> {
    const secret = generateSigningSecret();
    const version = await replaceSigningSecret(this.db.dataSource, this.config.secretBox(), apiKeyId, secret);
    if (version === null) {
      throw ApiError.notFound(
        'This API key has no signing secret yet; create one first',
        WebhookErrorCode.SIGNING_SECRET_NOT_FOUND,
      );
    }
    await recordSecretEvent(this.eventStore, SIGNING_SECRET_ROTATED, apiKeyId, version);
    return { secret };
  }
}
