import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsumerRunner } from '@chainwire/consumers';
import { type Database, HealthRegistry, silentLogger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { Dispatcher, SecretBox, unconfiguredWebhooksConfig } from '@chainwire/webhooks';
import { DispatcherRole } from './dispatcher-role.module';

/** The role's order of work (docs/architecture.md §8), its parts standing in for themselves: nothing runs. */
describe('DispatcherRole', () => {
  const events: string[] = [];

  beforeEach(() => {
    events.length = 0;
    jest.spyOn(ConsumerRunner.prototype, 'start').mockImplementation(function (this: ConsumerRunner) {
      events.push(`start ${this.component}`);
    });
    jest.spyOn(ConsumerRunner.prototype, 'stop').mockImplementation(async function (this: ConsumerRunner) {
      events.push(`stop ${this.component}`);
    });
    jest.spyOn(Dispatcher.prototype, 'start').mockImplementation(() => {
      events.push('start dispatcher');
    });
    // Its attempts in flight take a while to finish and record their outcomes.
    jest.spyOn(Dispatcher.prototype, 'stop').mockImplementation(async () => {
      events.push('stop dispatcher');
      await sleep(20);
      events.push('dispatcher stopped');
    });
  });
  afterEach(() => jest.restoreAllMocks());

  function role(health: HealthRegistry): DispatcherRole {
    const box = new SecretBox(randomBytes(32));
    return new DispatcherRole(
      { webhooks: { ...unconfiguredWebhooksConfig(), secretBox: () => box }, indexedChains: ['ethereum'] },
      { pool: {} } as unknown as Database,
      {} as EventStore,
      health,
      silentLogger,
    );
  }

  it('starts the saga and the deliveries projection before the dispatcher, and lists both on /health/ready', () => {
    const health = new HealthRegistry();
    role(health).onApplicationBootstrap();
    expect(events).toEqual([
      'start consumer/webhook-saga',
      'start consumer/webhook-deliveries',
      'start dispatcher',
    ]);
    expect(health.registered().map((source) => (source as ConsumerRunner).component)).toEqual([
      'consumer/webhook-saga',
      'consumer/webhook-deliveries',
    ]);
  });

  it('stops the dispatcher first, and its consumers only once its attempts have recorded their outcomes', async () => {
    const dispatcherRole = role(new HealthRegistry());
    dispatcherRole.onApplicationBootstrap();
    events.length = 0;
    await dispatcherRole.onApplicationShutdown();
    expect(events).toEqual([
      'stop dispatcher',
      'dispatcher stopped',
      'stop consumer/webhook-deliveries',
      'stop consumer/webhook-saga',
    ]);
  });
});
