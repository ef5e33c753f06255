/**
 * `body` passed on as it comes, `ended` called once when it ends: read to its end, failed, or
 * cancelled because the browser went away. The live streams the storefront passes on from the
 * API are counted while open this way (server/web-metrics.ts).
 */
export function countedStream(body: ReadableStream<Uint8Array>, ended: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          ended();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        ended();
        controller.error(error);
      }
    },
    async cancel(reason) {
      ended();
      await reader.cancel(reason);
    },
  });
}
