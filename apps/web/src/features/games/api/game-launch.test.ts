import { describe, expect, it } from 'vitest';
import { BadGameUrl, frameSandbox, gameUrl } from './game-launch';

const page = (href: string) => {
  const url = new URL(href);
  return { href: url.href, origin: url.origin, protocol: url.protocol };
};
const site = page('https://play.example.com/game/demo-slot');
const lanSite = page('http://192.168.1.20:3000/game/demo-slot');

describe('the launch URL the game frame may show', () => {
  it('a path of our own site, or an https provider', () => {
    expect(gameUrl('/demo-provider/play?token=t', site)).toBe('https://play.example.com/demo-provider/play?token=t');
    expect(gameUrl('https://games.example.net/launch?token=t', site)).toBe('https://games.example.net/launch?token=t');
  });

  it('an http provider only on an http site: on https it would be blocked as mixed content', () => {
    expect(() => gameUrl('http://games.example.net/launch', site)).toThrow(BadGameUrl);
    expect(gameUrl('http://games.example.net/launch', lanSite)).toBe('http://games.example.net/launch');
    expect(gameUrl('/demo-provider/play', lanSite)).toBe('http://192.168.1.20:3000/demo-provider/play');
  });

  it('never a script or data URL', () => {
    for (const raw of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'blob:x']) {
      expect(() => gameUrl(raw, lanSite)).toThrow(BadGameUrl);
    }
  });
});

describe('the game frame’s sandbox', () => {
  it('a page of our own origin runs in an opaque origin (no allow-same-origin): it cannot read our storage', () => {
    const sandbox = frameSandbox('https://play.example.com/demo-provider/play?token=t', site).split(' ');
    expect(sandbox).toEqual(['allow-scripts', 'allow-forms', 'allow-popups']);
  });

  it('a provider of its own origin keeps it, and may open pages in a new tab', () => {
    const sandbox = frameSandbox('https://games.example.net/launch', site).split(' ');
    expect(sandbox).toContain('allow-same-origin');
    expect(sandbox).toContain('allow-popups-to-escape-sandbox');
  });

  it('never lets a game navigate the site itself away', () => {
    for (const url of ['https://play.example.com/demo-provider/play', 'https://games.example.net/launch']) {
      expect(frameSandbox(url, site)).not.toContain('allow-top-navigation');
    }
  });
});
