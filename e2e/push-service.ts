import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { certificateIn, startPushService } from '../apps/api/src/testing/push-service.ts';
import { E2E_WEB_PORT } from './outbox.ts';

/**
 * Where e2e/start-product.ts makes the push service's certificate (one per web port, so
 * parallel runs keep apart); the product trusts it (NODE_EXTRA_CA_CERTS).
 */
export function pushCertificateDir(webPort: number): string {
  return join(tmpdir(), `malewa-e2e-push-${webPort}`);
}

/**
 * A push service on 127.0.0.1 that the product under test can reach over HTTPS: what a phone's
 * browser would be subscribed to (FCM, Mozilla's autopush), which no test can reach.
 */
export function startE2ePushService() {
  return startPushService(certificateIn(pushCertificateDir(E2E_WEB_PORT)));
}
