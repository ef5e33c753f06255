import type { Page } from '@playwright/test';

/**
 * The browser reads its own link as slow (`navigator.connection`: 0.4 Mbit/s, as Chromium reads
 * a 2G link) without sending client hints: a first visit, before any answer asked for them.
 * No added latency: only the downlink is read, and the tests stay quick. Resolves to what
 * gives the page its own link back.
 */
export async function onSlowLink(page: Page): Promise<() => Promise<void>> {
  const devtools = await page.context().newCDPSession(page);
  const throughput = async (bytesPerSecond: number) => {
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  };
  await throughput(50_000);
  return () => throughput(-1);
}
