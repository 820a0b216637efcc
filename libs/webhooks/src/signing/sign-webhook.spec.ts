import { Webhook } from 'standardwebhooks';
import { generateSigningSecret, signingKey, signWebhook } from './sign-webhook';

describe('signWebhook', () => {
  const body = '{"schema_version":"1.0","event_id":"e","amount":"1.5","note":"ünïcode"}';
  const now = Math.floor(Date.now() / 1000);

  it('produces headers the standardwebhooks library verifies', () => {
    const secret = generateSigningSecret();
    const headers = signWebhook(signingKey(secret), 'msg_1', now, body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('matches the library signature byte for byte', () => {
    const secret = generateSigningSecret();
    const ours = signWebhook(signingKey(secret), 'msg_2', now, body)['webhook-signature'];
    expect(ours).toBe(new Webhook(secret).sign('msg_2', new Date(now * 1000), body));
  });

  it('fails verification with another secret or an altered body', () => {
    const secret = generateSigningSecret();
    const headers = signWebhook(signingKey(secret), 'msg_3', now, body);
    expect(() => new Webhook(generateSigningSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('1.5', '2.5'), { ...headers })).toThrow();
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    const a = generateSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(signingKey(a)).toHaveLength(32);
    expect(generateSigningSecret()).not.toBe(a);
  });
});
