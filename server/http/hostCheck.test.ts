import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { hostName, loopbackHostCheck } from './hostCheck.ts';

const app = new Hono();
app.use('*', loopbackHostCheck('127.0.0.1:54321'));
app.get('/api/platform/profile', (c) => c.text('ok'));
const get = (host?: string) => app.request('/api/platform/profile', host ? { headers: { host } } : {});

describe('loopback host check (DNS rebinding)', () => {
  it('answers the names of this machine', async () => {
    for (const host of ['127.0.0.1:54321', 'localhost:54321', 'LOCALHOST', 'project.localhost:54321', '127.0.0.2', '[::1]:54321']) {
      expect((await get(host)).status, host).toBe(200);
    }
  });

  it('refuses a rebinding name with 421 and never reaches the route', async () => {
    for (const host of ['attacker.example:54321', 'attacker.example', '127.0.0.1.attacker.example', 'localhost.attacker.example', '[::2]:54321']) {
      const response = await get(host);
      expect(response.status, host).toBe(421);
      expect(await response.text()).toMatch(/answers on 127\.0\.0\.1/);
    }
  });

  it('reads host names with ports and IPv6 brackets', () => {
    expect(hostName('Example.COM:80')).toBe('example.com');
    expect(hostName('[::1]:54321')).toBe('[::1]');
    expect(hostName('localhost')).toBe('localhost');
  });
});
