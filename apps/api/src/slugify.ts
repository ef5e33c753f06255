/** A URL slug from a name: "Cape Town" → "cape-town", "Maputo Baixa" → "maputo-baixa", "Hodan's Bariis" → "hodan-s-bariis". */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 80)
      // After the cut, so that a long name cannot leave a trailing hyphen the slug rule refuses.
      .replace(/^-+|-+$/g, '')
  );
}
