import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { executeCommand } from '../commands/execute-command';
import type { WebhooksConfig } from '../config/webhooks-config';
import { generateSigningSecret } from '../signing/sign-webhook';
import { WEBHOOK_EVENT_STORE, WEBHOOKS_CONFIG, WebhookErrorCode } from '../webhook-errors';
import { signingSecretDecider } from './signing-secret.decider';
import { signingSecretStream } from './signing-secret.events';
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
    // The row decided (it is the secret, docs/architecture.md §3); the stream records it at its revision.
    await executeCommand(this.eventStore, signingSecretStream(apiKeyId), signingSecretDecider, {
      type: 'ProvisionSigningSecret',
      data: { apiKeyId, at: new Date().toISOString() },
    });
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
    await executeCommand(this.eventStore, signingSecretStream(apiKeyId), signingSecretDecider, {
      type: 'RotateSigningSecret',
      data: { apiKeyId, version, at: new Date().toISOString() },
    });
    return { secret };
  }
}
