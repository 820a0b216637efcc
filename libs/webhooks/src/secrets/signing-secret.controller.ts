import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers } from '@chainwire/core';
import { WebhookErrorCode } from '../webhook-errors';
import {
  ProvisionSigningSecretCommand,
  RotateSigningSecretCommand,
  type IssuedSecret,
} from './signing-secret.commands';
import { GetSigningSecretInfoQuery, type SigningSecretInfo } from './signing-secret.queries';
import { issuedSecretSchema, signingSecretInfoSchema } from './signing-secret.response';

@ApiTags('notifications')
@Controller('api/notifications/signing-secret')
export class SigningSecretController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The signing secret's version and dates (never the secret)",
    description:
      'data: {version, createdAt, rotatedAt}. Errors: 404 SIGNING_SECRET_NOT_FOUND; 401 UNAUTHORIZED.',
  })
  @ApiAnswers({
    ok: signingSecretInfoSchema,
    errors: { 404: [WebhookErrorCode.SIGNING_SECRET_NOT_FOUND] },
  })
  info(@CurrentApiKey() key: ApiKeyRecord): Promise<SigningSecretInfo> {
    return this.queryBus.execute(new GetSigningSecretInfoQuery(key.id));
  }

  @Post()
  @ApiOperation({
    summary: 'Create the signing secret of this API key (shown once)',
    description:
      'data: {secret}: `whsec_` + base64 of 32 random bytes, the Standard Webhooks key. ' +
      'Errors: 409 SIGNING_SECRET_EXISTS; 401 UNAUTHORIZED.',
  })
  @ApiAnswers({
    ok: issuedSecretSchema,
    status: 201,
    // No body is taken, but one sent is still read (and refused) before the handler runs.
    body: true,
    errors: { 409: [WebhookErrorCode.SIGNING_SECRET_EXISTS] },
  })
  provision(@CurrentApiKey() key: ApiKeyRecord): Promise<IssuedSecret> {
    return this.commandBus.execute(new ProvisionSigningSecretCommand(key.id));
  }

  @Post('rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the signing secret (shown once)',
    description:
      'Every delivery signed after this call uses only the new secret. Errors: 404 SIGNING_SECRET_NOT_FOUND; 401 UNAUTHORIZED.',
  })
  @ApiAnswers({
    ok: issuedSecretSchema,
    body: true,
    errors: { 404: [WebhookErrorCode.SIGNING_SECRET_NOT_FOUND] },
  })
  rotate(@CurrentApiKey() key: ApiKeyRecord): Promise<IssuedSecret> {
    return this.commandBus.execute(new RotateSigningSecretCommand(key.id));
  }
}
