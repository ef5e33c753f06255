/**
 * A recipient as an operator's list shows it: enough to tell where a message was going and to
 * match a shopper's complaint ("my code never came to my Gmail"), not enough to read the
 * address off the screen. An email keeps its first character and its domain
 * (`t•••@example.com`: a provider's outage shows by domain); a phone number its first four and
 * last two characters (`+254•••••••78`: the market and the end a shopper reads back); a push
 * subscription (the id of a browser's subscription, nobody's address) its first eight.
 */
export function maskRecipient(channel: 'email' | 'sms' | 'push', recipient: string): string {
  if (channel === 'email') {
    const at = recipient.lastIndexOf('@');
    if (at > 0) return `${recipient.slice(0, 1)}•••${recipient.slice(at)}`;
    return hideAllBut(recipient, 1, 0);
  }
  if (channel === 'sms') return hideAllBut(recipient, 4, 2);
  return recipient.length > 8 ? `${recipient.slice(0, 8)}…` : recipient;
}

/** Keeps `head` and `tail` characters, each one between a dot; a text too short for that is all dots. */
function hideAllBut(text: string, head: number, tail: number): string {
  const characters = [...text];
  if (characters.length <= head + tail + 2) return '•'.repeat(Math.max(3, characters.length));
  const hidden = characters.length - head - tail;
  return characters.slice(0, head).join('') + '•'.repeat(hidden) + characters.slice(characters.length - tail).join('');
}
