import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SETTINGS } from '../../../server/config.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** Every setting the server reads is named in the README, where an operator looks (issue 27 item 7). */
describe('the README names the settings', () => {
  it('names every setting of server/config.ts', () => {
    const missing = CONFIG_SETTINGS.filter((name) => !new RegExp(`\`${name}[\`=]`).test(README));
    expect(missing, 'settings of server/config.ts the README does not name').toEqual([]);
  });

  it('says where the server listens and how to keep it to this machine', () => {
    expect(README).toMatch(/`HOST`[^\n]*`0\.0\.0\.0`/);
    expect(README).toContain('HOST=127.0.0.1');
  });

  it('says where mail goes with and without SMTP_URL', () => {
    expect(README).toMatch(/`SMTP_URL`[^.]*smtp:\/\//);
    expect(README).toMatch(/outbox/);
  });
});
