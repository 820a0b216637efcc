import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { parseEther } from 'viem';
import { type AppConfig, type Database, PROJECT_ROOT, silentLogger, webhookSettings } from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '../../../../test/support/anvil';
import { createTestDatabase } from '../../../../test/support/test-database';
import { type RunningServer, startServer } from '../bootstrap/start-server';

const API_KEY = 'portal-test-key-0123456789';
const WATCHED = '0x00000000000000000000000000000000000b0b0b';
/** Where the screenshot is kept (the README shows a copy in docs/). */
const ARTIFACTS = join(PROJECT_ROOT, 'artifacts');
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

/** The consumer portal in headless Chromium (Debian's package, driven by playwright-core). */
const describeWithChromium = CHROMIUM ? describe : describe.skip;
if (!CHROMIUM) {
  console.warn(
    'portal e2e skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium) or CHROMIUM_PATH',
  );
}

describeWithChromium('consumer portal in Chromium', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-'));
  let anvil: TestAnvil;
  let testDb: Database | undefined;
  let server: RunningServer;
  let browser: Browser;
  let receiver: Server;
  const received: { id: string; timestamp: string; signature: string; body: string }[] = [];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
    const config: AppConfig = {
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: API_KEY,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'silent',
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
      webhooks: { ...webhookSettings({}, true), secretKey: randomBytes(32) },
    };
    server = await startServer(config, silentLogger);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    await anvil?.stop();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as { data: Record<string, string> } };
  };

  it('shows subscriptions, their deliveries as they happen, the chain, and rotates the secret', async () => {
    expect((await api('POST', '/api/notifications/signing-secret')).status).toBe(201);
    const created = await api('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: WATCHED,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      eventKinds: ['INCOMING_NATIVE'],
    });
    expect(created.status).toBe(201);
    const subscriptionId = created.json.data.id;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());

    await page.goto(`${server.url}/portal`);
    await page.fill('#key', API_KEY);
    await page.click('#key-form button[type=submit]');
    expect(await page.evaluate<string | null>("sessionStorage.getItem('chainwire.apiKey')")).toBe(API_KEY);

    const row = page.locator(`tr[data-subscription="${subscriptionId}"]`);
    await row.locator('td.status', { hasText: 'active' }).waitFor({ timeout: 30_000 });
    await page.locator('tr[data-chain="ethereum"]').waitFor();
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByText('No deliveries yet.').waitFor();

    const hash = await anvil.wallets[0].sendTransaction({ to: WATCHED, value: parseEther('0.5') });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    const delivery = page.locator('tr[data-delivery]');
    await delivery.locator('td.status', { hasText: 'succeeded' }).waitFor({ timeout: 30_000 });
    expect(await delivery.locator('td').nth(3).textContent()).toBe('204');
    const eventId = await delivery.getAttribute('data-delivery');
    expect(received.map((r) => r.id)).toContain(eventId);

    await expect(page.locator('#secret-age').textContent()).resolves.toMatch(/^Version 1, created \d+ s ago/);
    await page.click('#rotate-secret');
    const secret = (await page.locator('#new-secret-value').textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await page.locator('#secret-age', { hasText: 'Version 2, rotated' }).waitFor();
    await page.click('#copy-secret');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);

    // The secret the page showed signs what is sent from now on.
    const second = await anvil.wallets[1].sendTransaction({ to: WATCHED, value: parseEther('0.25') });
    await anvil.publicClient.waitForTransactionReceipt({ hash: second });
    await page.locator('tr[data-delivery]').nth(1).waitFor({ timeout: 30_000 });
    await page
      .locator('tr[data-delivery] td.status', { hasText: 'succeeded' })
      .nth(1)
      .waitFor({ timeout: 30_000 });
    const last = received.at(-1)!;
    const payload = new Webhook(secret).verify(last.body, {
      'webhook-id': last.id,
      'webhook-timestamp': last.timestamp,
      'webhook-signature': last.signature,
    }) as { data: { tx_hash: string } };
    expect(payload.data.tx_hash).toBe(second);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'portal.png'), fullPage: true });
    expect(failures).toEqual([]);
    await context.close();
  });
});
