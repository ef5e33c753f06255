/**
 * The social networks the footer knows an icon for, recognised by the host of the configured
 * link (SOCIAL_LINKS). Names are the networks' own and are not translated.
 */
export const SOCIAL_NETWORKS = {
  facebook: { name: 'Facebook', hosts: ['facebook.com', 'fb.com', 'fb.me'] },
  instagram: { name: 'Instagram', hosts: ['instagram.com'] },
  x: { name: 'X', hosts: ['x.com', 'twitter.com'] },
  tiktok: { name: 'TikTok', hosts: ['tiktok.com'] },
  youtube: { name: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  whatsapp: { name: 'WhatsApp', hosts: ['whatsapp.com', 'wa.me'] },
  linkedin: { name: 'LinkedIn', hosts: ['linkedin.com'] },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

export interface SocialLink {
  readonly url: string;
  /** Undefined for a network we have no icon for: the footer shows its host name instead. */
  readonly network: SocialNetwork | undefined;
  /** What the link is called: the network's name, or the host without `www.`. */
  readonly name: string;
}

/** `https://www.facebook.com/malewa` → facebook; `https://m.youtube.com/@malewa` → youtube. */
export function socialLink(url: string): SocialLink {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  for (const [network, info] of Object.entries(SOCIAL_NETWORKS) as [
    SocialNetwork,
    (typeof SOCIAL_NETWORKS)[SocialNetwork],
  ][]) {
    if (info.hosts.some((known) => host === known || host.endsWith(`.${known}`))) {
      return { url, network, name: info.name };
    }
  }
  return { url, network: undefined, name: host.replace(/^www\./, '') };
}
