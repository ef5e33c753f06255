import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A request a push service received: its headers and its encrypted body. */
export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Certificate {
  key: Buffer;
  cert: Buffer;
  certPath: string;
  cleanup(): void;
}

/**
 * A self-signed certificate for 127.0.0.1 (openssl): no real push service can be reached from
 * a test, and web-push speaks only HTTPS (docs: money-delivery-production-facts §7). In `dir`
 * when given (key.pem, cert.pem: the e2e product trusts it through NODE_EXTRA_CA_CERTS), else
 * in a folder of its own.
 */
export function selfSignedCertificate(dir = mkdtempSync(join(tmpdir(), 'malewa-push-cert-'))): Certificate {
  mkdirSync(dir, { recursive: true });
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  );
  return certificateIn(dir, () => rmSync(dir, { recursive: true, force: true }));
}

/** A certificate `selfSignedCertificate` made in `dir` before (another process's). */
export function certificateIn(dir: string, cleanup = () => {}): Certificate {
  const certPath = join(dir, 'cert.pem');
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(certPath), certPath, cleanup };
}

/**
 * A push service on 127.0.0.1 over HTTPS: it records every request and answers each path with
 * the status set for it (201 by default, as FCM and Mozilla's autopush do).
 */
export async function startPushService(certificate = selfSignedCertificate()) {
  const received: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    certPath: certificate.certPath,
    received,
    /** Answer requests to `path` with `status` from now on (410: the browser is gone). */
    answer(path: string, status: number) {
      statuses.set(path, status);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      certificate.cleanup();
    },
  };
}

/** A browser's side of a push subscription: its ECDH key pair and auth secret (base64url, as `toJSON` gives them). */
export function fakeBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** The message as the browser reads it: RFC 8291 (aes128gcm, RFC 8188), one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const hmac = (key: Buffer, ...data: Buffer[]) => {
        const mac = createHmac('sha256', key);
        for (const part of data) mac.update(part);
        return mac.digest();
      };
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = hmac(hmac(auth, shared), info, Buffer.from([1]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then padding zeros.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
