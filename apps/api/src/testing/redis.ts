import { Redis } from 'ioredis';

/** The Redis of the machine, which the tests of several processes sharing state need. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether that Redis answers: the tests that need it run only then. */
export async function redisIsUp(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
