import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { parseEther } from 'viem';
import { PROJECT_ROOT } from '@chainwire/core';
import { type ServerOnAnvil, startServerOnAnvil, TEST_API_KEY } from '../testing/server-on-anvil';
import { waitForReceipt } from '@chainwire/chains';
import { startTestReceiver, type TestReceiver } from '@chainwire/webhooks/testing';

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
  let t: ServerOnAnvil;
  let receiver: TestReceiver;
  let browser: Browser;

  beforeAll(async () => {
    receiver = await startTestReceiver();
    t = await startServerOnAnvil({ roles: ['api', 'indexer', 'projector', 'dispatcher'] });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await receiver?.close();
  });

  it('shows subscriptions, their deliveries as they happen, the chain, and rotates the secret', async () => {
    const { server, anvil, api } = t;
    expect((await api('POST', '/api/notifications/signing-secret')).status).toBe(201);
    const created = await api('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: WATCHED,
      webhookUrl: receiver.url,
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
    await page.fill('#key', TEST_API_KEY);
    await page.click('#key-form button[type=submit]');
    expect(await page.evaluate<string | null>("sessionStorage.getItem('chainwire.apiKey')")).toBe(
      TEST_API_KEY,
    );

    const row = page.locator(`tr[data-subscription="${subscriptionId}"]`);
    await row.locator('td.status', { hasText: 'active' }).waitFor({ timeout: 30_000 });
    await page.locator('tr[data-chain="ethereum"]').waitFor();
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByText('No deliveries yet.').waitFor();

    const hash = await anvil.wallets[0].sendTransaction({ to: WATCHED, value: parseEther('0.5') });
    await waitForReceipt(anvil.publicClient, hash);
    const delivery = page.locator('tr[data-delivery]');
    await delivery.locator('td.status', { hasText: 'succeeded' }).waitFor({ timeout: 30_000 });
    expect(await delivery.locator('td').nth(3).textContent()).toBe('204');
    const eventId = await delivery.getAttribute('data-delivery');
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toContain(eventId);

    await expect(page.locator('#secret-age').textContent()).resolves.toMatch(/^Version 1, created \d+ s ago/);
    await page.click('#rotate-secret');
    const secret = (await page.locator('#new-secret-value').textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await page.locator('#secret-age', { hasText: 'Version 2, rotated' }).waitFor();
    await page.click('#copy-secret');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);

    // The secret the page showed signs what is sent from now on.
    const second = await anvil.wallets[1].sendTransaction({ to: WATCHED, value: parseEther('0.25') });
    await waitForReceipt(anvil.publicClient, second);
    await page.locator('tr[data-delivery]').nth(1).waitFor({ timeout: 30_000 });
    await page
      .locator('tr[data-delivery] td.status', { hasText: 'succeeded' })
      .nth(1)
      .waitFor({ timeout: 30_000 });
    const payload = receiver.verify<{ data: { tx_hash: string } }>(receiver.requests.at(-1)!, secret);
    expect(payload.data.tx_hash).toBe(second);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'portal.png'), fullPage: true });
    expect(failures).toEqual([]);
    await context.close();
  });
});
