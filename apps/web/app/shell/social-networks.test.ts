import { describe, expect, it } from 'vitest';
import { socialLink } from './social-networks.ts';

describe('a social link', () => {
  it.each([
    ['https://www.facebook.com/malewa', 'facebook', 'Facebook'],
    ['https://fb.me/malewa', 'facebook', 'Facebook'],
    ['https://instagram.com/malewa', 'instagram', 'Instagram'],
    ['https://x.com/malewa', 'x', 'X'],
    ['https://twitter.com/malewa', 'x', 'X'],
    ['https://www.tiktok.com/@malewa', 'tiktok', 'TikTok'],
    ['https://m.youtube.com/@malewa', 'youtube', 'YouTube'],
    ['https://youtu.be/abc', 'youtube', 'YouTube'],
    ['https://wa.me/27820000000', 'whatsapp', 'WhatsApp'],
    ['https://www.linkedin.com/company/malewa', 'linkedin', 'LinkedIn'],
  ])('%s is %s', (url, network, name) => {
    expect(socialLink(url)).toEqual({ url, network, name });
  });

  it('is not fooled by a host that only looks like a network', () => {
    expect(socialLink('https://notfacebook.com/malewa').network).toBeUndefined();
    expect(socialLink('https://facebook.com.evil.example/malewa').network).toBeUndefined();
  });

  it('of another network is named by its host', () => {
    expect(socialLink('https://www.mastodon.africa/@malewa')).toEqual({
      url: 'https://www.mastodon.africa/@malewa',
      network: undefined,
      name: 'mastodon.africa',
    });
  });
});
