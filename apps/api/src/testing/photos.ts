/** A real 8 × 8 PNG (a red square), small enough to write down. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4Y2yMFTEMLQkACspMgdVP2G4AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart form with one file part, as a browser sends it: its bytes and its content type with the boundary. */
export async function fileForm(
  field: string,
  bytes: Uint8Array,
  fileName: string,
  type: string,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}
