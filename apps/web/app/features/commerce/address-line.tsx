/** What an address line is made of: the parts a shopper wrote. */
export interface AddressParts {
  line: string;
  area: string;
  city: string;
  postalCode?: string | null | undefined;
}

/**
 * An address on one line as its shopper wrote it, "12 Juta Street, Braamfontein, Johannesburg
 * 2001", isolated as a whole: on a right-to-left page its parts and its numbers keep the order
 * they were written in (it read "Juta Street, Braamfontein, 12" in Arabic).
 */
export function AddressLine({ address }: { address: AddressParts }) {
  const { line, area, city, postalCode } = address;
  return <bdi>{`${[line, area, city].filter(Boolean).join(', ')}${postalCode ? ` ${postalCode}` : ''}`}</bdi>;
}
